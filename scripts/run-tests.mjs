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

// The real public crash data, imported and indexed once per checkout (a no-op when unchanged);
// tests that need it copy this prepared data dir (test/support/test-app.ts).
const fixture = join(process.cwd(), 'var', 'test-fixture');
const build = spawnSync(process.execPath, ['bin/roadrisk.js', 'data', 'build'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ROADRISK_DATA_DIR: fixture, ROADRISK_LOG_LEVEL: 'silent' },
});
if (build.status !== 0) {
  console.error('could not prepare the crash data fixture (roadrisk data build)');
  process.exit(1);
}

const filters = process.argv.slice(2);
const files = findTests('test')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', ROADRISK_TEST_FIXTURE: fixture } },
);
process.exit(result.status ?? 1);
