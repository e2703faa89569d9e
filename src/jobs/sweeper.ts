// Retention (decisions §7): finished jobs become `expired` when their retention ends and lose
// their result; upload folders that no job references (a process died mid-upload) are deleted.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobsRepository } from '../storage/repositories/jobs.ts';

/** An upload folder younger than this may belong to an upload still streaming in. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

export async function sweep(jobs: JobsRepository, uploadsDir: string, now: Date): Promise<{ expired: number; orphansDeleted: number }> {
  const expired = await jobs.expireFinished(now);
  let orphansDeleted = 0;
  const live = await jobs.liveUploadDirs();
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(uploadsDir, name);
    if (live.has(path)) continue;
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > ORPHAN_AGE_MS) {
      await rm(path, { recursive: true, force: true });
      orphansDeleted += 1;
    }
  }
  return { expired, orphansDeleted };
}
