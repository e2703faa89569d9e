// The compiled bundle (scripts/build.mjs → dist/roadrisk.mjs): it builds, serves the API, and
// bin/roadrisk.js runs it only while it matches the sources (docs/operations.md "How a process runs").
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { cliEnv, startServe } from '../support/process.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function node(cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('bundle: stale detection (on a copy of the checkout)', () => {
  let copy: string;
  before(() => {
    copy = mkdtempSync(join(tmpdir(), 'roadrisk-bundle-'));
    for (const part of ['src', 'scripts', 'bin', 'config']) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(copy, 'node_modules'));
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  // Which code answered: the bundle's usage text is marked after the build (the manifest fingerprints
  // the sources, not the bundle), so "BUNDLED" on stderr means dist/roadrisk.mjs ran.
  const usage = (env: NodeJS.ProcessEnv = process.env) => {
    const run = node(copy, ['bin/roadrisk.js', 'no-such-command'], env);
    assert.equal(run.code, 2, run.stderr);
    return run.stderr.includes('BUNDLED usage') ? 'bundle' : run.stderr.includes('usage: roadrisk') ? 'sources' : 'neither';
  };
  const mark = () => {
    const bundle = join(copy, 'dist', 'roadrisk.mjs');
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('usage: roadrisk <command>', 'BUNDLED usage: roadrisk <command>'));
  };

  it('runs the sources without a bundle, the bundle once built, the sources again once a source changes', () => {
    assert.equal(existsSync(join(copy, 'dist')), false);
    assert.equal(usage(), 'sources');

    const built = node(copy, ['scripts/build.mjs']);
    assert.equal(built.code, 0, built.stderr);
    assert.ok(statSync(join(copy, 'dist', 'roadrisk.mjs')).size > 100_000);
    const manifest = JSON.parse(readFileSync(join(copy, 'dist', 'manifest.json'), 'utf8'));
    assert.match(manifest.sources, /^[0-9a-f]{64}$/);
    mark();
    assert.equal(usage(), 'bundle');
    assert.equal(usage({ ...process.env, ROADRISK_RUN_SOURCES: '1' }), 'sources', 'ROADRISK_RUN_SOURCES=1 forces the sources');

    const again = node(copy, ['scripts/build.mjs', '--if-stale']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(usage(), 'bundle', '--if-stale left a current bundle alone');

    appendFileSync(join(copy, 'src', 'config.ts'), '\n// edited\n');
    assert.equal(usage(), 'sources', 'a changed source makes the bundle stale');
    const rebuilt = node(copy, ['scripts/build.mjs', '--if-stale']);
    assert.equal(rebuilt.code, 0, rebuilt.stderr);
    assert.match(rebuilt.stderr, /built dist\/roadrisk\.mjs/);
    assert.equal(usage(), 'sources', 'the rebuilt bundle is unmarked: it is the one that runs now, with the plain usage text');
    assert.equal(JSON.parse(readFileSync(join(copy, 'dist', 'manifest.json'), 'utf8')).sources === manifest.sources, false);
  });
});

describe('bundle: serves the API', () => {
  let dataDir: string;
  let database: TestDatabase;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'roadrisk-bundle-serve-'));
    database = await createTestDatabase();
    const fixture = process.env.ROADRISK_TEST_FIXTURE;
    if (fixture && existsSync(join(fixture, 'indexes'))) {
      if (!database.url && existsSync(join(fixture, 'roadrisk.sqlite'))) copyFileSync(join(fixture, 'roadrisk.sqlite'), join(dataDir, 'roadrisk.sqlite'));
      cpSync(join(fixture, 'indexes'), join(dataDir, 'indexes'), { recursive: true });
    }
  });
  after(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds dist/roadrisk.mjs from this checkout and answers /v1/health from it', async (t) => {
    const built = node(ROOT, ['scripts/build.mjs', '--if-stale']);
    assert.equal(built.code, 0, built.stderr);
    const { bundleIsCurrent } = (await import(join(ROOT, 'scripts', 'source-manifest.mjs'))) as { bundleIsCurrent(): boolean };
    assert.equal(bundleIsCurrent(), true);
    const env = cliEnv(dataDir, database.url ? { ROADRISK_DATABASE_URL: database.url } : {});
    delete env.ROADRISK_RUN_SOURCES;
    const server = await startServe(env);
    t.after(() => void server.child.kill('SIGTERM'));
    const health = await fetch(`${server.url}/v1/health`);
    assert.equal(health.status, 200);
    const body = (await health.json()) as { status: string; data_version: string | null };
    assert.equal(body.status, 'ok');
    if (process.env.ROADRISK_TEST_FIXTURE) assert.ok(body.data_version, 'the crash data loaded');
    const docs = await fetch(`${server.url}/openapi.json`);
    assert.equal(docs.status, 200);
    const dashboard = await fetch(`${server.url}/dashboard/`);
    assert.ok(dashboard.status < 500, `dashboard answered ${dashboard.status}`);
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  });
});
