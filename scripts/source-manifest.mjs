// The fingerprint of what the bundle is built from (scripts/build.mjs): a SHA-256 over every file
// under src/ (path and bytes, in path order), package.json and the build script itself. The
// bundle's manifest records it; bin/roadrisk.js runs the bundle only while it still matches.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const BUNDLE = join(ROOT, 'dist', 'roadrisk.mjs');
export const MANIFEST = join(ROOT, 'dist', 'manifest.json');

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

export function sourceHash() {
  const files = [
    ...filesUnder(join(ROOT, 'src')),
    join(ROOT, 'package.json'),
    join(ROOT, 'scripts', 'build.mjs'),
    join(ROOT, 'scripts', 'source-manifest.mjs'),
  ].map((f) => relative(ROOT, f).split('\\').join('/'));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The built bundle's manifest, or null when there is none (or it is unreadable). */
export function readManifest() {
  try {
    return JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return null;
  }
}

/** True when dist/roadrisk.mjs was built from the sources as they are now. */
export function bundleIsCurrent() {
  const manifest = readManifest();
  if (!manifest || typeof manifest.sources !== 'string' || !existsSync(BUNDLE)) return false;
  return manifest.sources === sourceHash();
}
