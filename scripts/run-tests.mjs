// Runs every test/**/*.test.ts with node:test through tsx.
// Node 20's `--test` does not expand globs, so the file list is built here.
// Usage: node scripts/run-tests.mjs [path-filter...]
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function findTests(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

const filters = process.argv.slice(2);
const files = findTests('test')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
