// Converted uploads in the shared database, in 4 MiB chunks per file, for workers on other
// machines. The API process deletes its local copy once the chunks are stored.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { UploadStore } from './upload-store.ts';

const CHUNK_BYTES = 4 * 1024 * 1024;
const PREFIX = 'db:';

/**
 * Each process copies uploads into `work/<pid>`; a process killed mid-job leaves its copy behind,
 * so at start the folders of processes no longer running are deleted.
 */
export async function removeDeadProcessWork(workRoot: string): Promise<void> {
  for (const name of await readdir(workRoot).catch(() => [] as string[])) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    await rm(join(workRoot, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DatabaseUploadStore implements UploadStore {
  constructor(
    private readonly db: Kysely<Database>,
    /** Where workers keep their local copy while they process. */
    private readonly workDir: string,
  ) {}

  async publish(jobId: string, localDir: string): Promise<string> {
    for (const file of await readdir(localDir)) {
      let seq = 0;
      const stream = createReadStream(join(localDir, file), { highWaterMark: CHUNK_BYTES });
      for await (const chunk of stream) {
        await this.db.insertInto('upload_chunks').values({ job_id: jobId, file, seq: seq++, data: chunk as Buffer }).execute();
      }
      if (seq === 0) await this.db.insertInto('upload_chunks').values({ job_id: jobId, file, seq: 0, data: Buffer.alloc(0) }).execute();
    }
    await rm(localDir, { recursive: true, force: true });
    return PREFIX + jobId;
  }

  async open(reference: string): Promise<string> {
    const jobId = this.jobIdOf(reference);
    const dir = join(this.workDir, jobId);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const parts = await this.db.selectFrom('upload_chunks').select(['file', 'seq']).where('job_id', '=', jobId).orderBy('file').orderBy('seq').execute();
    if (parts.length === 0) throw new Error(`upload ${jobId} is not in the store`);
    for (const { file, seq } of parts) {
      const row = await this.db
        .selectFrom('upload_chunks')
        .select('data')
        .where('job_id', '=', jobId)
        .where('file', '=', file)
        .where('seq', '=', seq)
        .executeTakeFirstOrThrow();
      if (seq === 0) await writeFile(join(dir, file), row.data);
      else await appendFile(join(dir, file), row.data);
    }
    return dir;
  }

  async remove(reference: string): Promise<void> {
    const jobId = this.jobIdOf(reference);
    await this.db.deleteFrom('upload_chunks').where('job_id', '=', jobId).execute();
    await this.release(reference);
  }

  async release(reference: string): Promise<void> {
    await rm(join(this.workDir, this.jobIdOf(reference)), { recursive: true, force: true });
  }

  private jobIdOf(reference: string): string {
    if (!reference.startsWith(PREFIX)) throw new Error(`not a database upload reference: ${reference}`);
    return reference.slice(PREFIX.length);
  }
}
