// Content fingerprints, so that importing the same file twice changes nothing and a derived
// index is rebuilt exactly when a source file (or the import rules) changed. Bytes, not
// names or mtimes: a copied or touched file keeps its fingerprint.

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * Bump when an importer's mapping changes (a sentinel, a column, a reject rule): records built
 * from unchanged files then differ, so what was built from them must be rebuilt.
 */
export const IMPORT_RULES_VERSION = 1;

/** sha256 of the file's bytes, lowercase hex. */
export async function fileFingerprint(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * One fingerprint for a source: its name, format, the import rules and its files' contents.
 * File order does not matter (the same files listed differently are the same source).
 */
export function sourceFingerprint(name: string, format: string, fileFingerprints: readonly string[]): string {
  const parts = [`rules:${IMPORT_RULES_VERSION}`, `name:${name}`, `format:${format}`, ...[...fileFingerprints].sort()];
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}
