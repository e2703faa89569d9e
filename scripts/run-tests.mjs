// Runs the test suite: every test/**/*.test.ts on the embedded store (SQLite), then the tests
// that touch storage again on PostgreSQL (a private cluster started here, see pg-cluster.mjs).
// Node 20's `--test` does not expand globs, so the file list is built here.
// Usage: node scripts/run-tests.mjs [path-filter...]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { PG_INSTALL_HINT, startPgCluster } from './pg-cluster.mjs';

/** Folders whose tests go through the store; they run once per engine. */
const STORAGE_TESTS = ['test/http/', 'test/jobs/', 'test/accounts/', 'test/e2e/', 'test/dashboard/', 'test/storage/'];

function findTests(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

/** The real public crash data, imported and indexed once per checkout and engine (a no-op when unchanged). */
function buildFixture(dataDir, databaseUrl) {
  const build = spawnSync(process.execPath, ['bin/roadrisk.js', 'data', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ROADRISK_DATA_DIR: dataDir, ROADRISK_LOG_LEVEL: 'silent', ...(databaseUrl ? { ROADRISK_DATABASE_URL: databaseUrl } : {}) },
  });
  if (build.status !== 0) {
    console.error('could not prepare the crash data fixture (roadrisk data build)');
    process.exit(1);
  }
}

function runPass(label, files, env) {
  const summaryFile = join(mkdtempSync(join(tmpdir(), 'roadrisk-summary-')), 'summary.json');
  console.log(`\n# ${label}: ${files.length} test files`);
  const result = spawnSync(
    process.execPath,
    [
      '--import', 'tsx', '--test', '--test-concurrency=2',
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/summary-reporter.mjs', '--test-reporter-destination=stderr',
      ...files,
    ],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', ROADRISK_TEST_SUMMARY: summaryFile, ...env } },
  );
  let counts = {};
  try {
    counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    counts = { fail: 1 };
  }
  rmSync(join(summaryFile, '..'), { recursive: true, force: true });
  return { status: result.status ?? 1, counts };
}

async function createFixtureDatabase(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query('DROP DATABASE IF EXISTS roadrisk_fixture');
  await client.query('CREATE DATABASE roadrisk_fixture');
  await client.end();
  return adminUrl.replace(/\/postgres$/, '/roadrisk_fixture');
}

const filters = process.argv.slice(2);
const files = findTests('test')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
const sqliteFixture = join(process.cwd(), 'var', 'test-fixture');
buildFixture(sqliteFixture);

const passes = [runPass('embedded store (SQLite)', files, { ROADRISK_TEST_FIXTURE: sqliteFixture })];

const storageFiles = files.filter((f) => STORAGE_TESTS.some((dir) => f.startsWith(dir)));
if (storageFiles.length > 0) {
  const cluster = await startPgCluster();
  if (cluster) {
    try {
      const fixtureUrl = await createFixtureDatabase(cluster.url);
      const pgFixture = mkdtempSync(join(tmpdir(), 'roadrisk-pg-fixture-'));
      buildFixture(pgFixture, fixtureUrl);
      passes.push(
        runPass('PostgreSQL store', storageFiles, {
          ROADRISK_TEST_FIXTURE: pgFixture,
          ROADRISK_TEST_DATABASE_URL: cluster.url,
          ROADRISK_TEST_PG_TEMPLATE: 'roadrisk_fixture',
        }),
      );
      rmSync(pgFixture, { recursive: true, force: true });
    } finally {
      cluster.stop();
    }
  } else {
    passes.push(runPass('PostgreSQL store (missing)', ['test/storage/postgres-available.test.ts'], { ROADRISK_TEST_PG_MISSING: PG_INSTALL_HINT }));
  }
}

const total = (key) => passes.reduce((sum, p) => sum + (p.counts[key] ?? 0), 0);
console.log(`\n# all passes: ${total('tests')} tests, ${total('pass')} passed, ${total('fail')} failed, ${total('skipped')} skipped`);
console.log(`${total('pass')} passed, ${total('fail')} failed`);
process.exit(passes.every((p) => p.status === 0) ? 0 : 1);
