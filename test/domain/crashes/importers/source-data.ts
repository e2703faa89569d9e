// Where the tests find shared/data (the README's default location beside the project) and
// small temporary files for synthetic cases.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const SOURCE_DATA = resolve(process.env.ROADRISK_SOURCE_DATA ?? '../shared/data');

export function crashFile(...parts: string[]): string {
  return join(SOURCE_DATA, 'crashes', ...parts);
}

/** Writes `text` to a fresh temporary file and returns its path. */
export function tempFile(name: string, text: string | Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'roadrisk-crashes-')), name);
  writeFileSync(path, text);
  return path;
}
