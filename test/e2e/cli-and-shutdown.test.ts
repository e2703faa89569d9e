// The real binary: CLI commands print JSON, a bad setting stops the start, SIGTERM shuts down cleanly.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { cliEnv, runCli, startServe } from '../support/process.ts';

let dataDir: string;
before(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'roadrisk-e2e-'));
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

describe('roadrisk CLI', () => {
  it('creates an account and keys, and revokes a key, printing JSON', () => {
    const env = cliEnv(dataDir);
    const account = runCli(['accounts', 'create', '--name', 'fleetco', '--plan', 'standard'], env);
    assert.equal(account.code, 0, account.stderr);
    assert.equal(JSON.parse(account.stdout).plan, 'standard');
    const key = runCli(['keys', 'create', '--account', 'fleetco', '--environment', 'sandbox', '--role', 'admin'], env);
    assert.equal(key.code, 0, key.stderr);
    const created = JSON.parse(key.stdout);
    assert.match(created.api_key, /^rr_test_/);
    assert.ok(created.key_id);
    const revoked = runCli(['keys', 'revoke', created.key_id], env);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.ok(JSON.parse(revoked.stdout).revoked_at);
  });

  it('refuses a bad plan and an unknown account with a message on stderr', () => {
    const env = cliEnv(dataDir);
    const bad = runCli(['accounts', 'create', '--name', 'x', '--plan', 'platinum'], env);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /unknown plan/);
    const missing = runCli(['keys', 'create', '--account', 'nobody', '--environment', 'production', '--role', 'admin'], env);
    assert.notEqual(missing.code, 0);
    assert.equal(missing.stdout, '');
  });

  it('stops at start on a bad setting, naming it', () => {
    const result = runCli(['serve'], cliEnv(dataDir, { ROADRISK_PORT: 'eighty' }));
    assert.equal(result.code, 2);
    assert.match(result.stderr, /ROADRISK_PORT/);
  });
});

describe('roadrisk serve', () => {
  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const secret = 'rr_live_e2eBootstrapKey000000000000000000';
    const server = await startServe(cliEnv(dataDir, { ROADRISK_BOOTSTRAP_API_KEY: secret }));
    const health = await fetch(`${server.url}/v1/health`);
    assert.equal(health.status, 200);
    const keys = await fetch(`${server.url}/v1/api-keys`, { headers: { authorization: `Bearer ${secret}` } });
    assert.equal(keys.status, 200);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    assert.equal(await exited, 0);
    // The usage of the request above was flushed on shutdown.
    const db = new SQLite(join(dataDir, 'roadrisk.sqlite'), { readonly: true });
    const row = db.prepare("select sum(requests) as n from usage_daily where endpoint = 'api-keys'").get() as { n: number };
    db.close();
    assert.equal(row.n, 1);
  });
});
