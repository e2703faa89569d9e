// The real binary: CLI commands print JSON, a bad setting stops the start, SIGTERM shuts down cleanly.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/storage/database.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { cliEnv, runCli, startServe } from '../support/process.ts';

let dataDir: string;
let database: TestDatabase;
const env = (extra: Record<string, string> = {}) => cliEnv(dataDir, { ...(database.url ? { ROADRISK_DATABASE_URL: database.url } : {}), ...extra });
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'roadrisk-e2e-'));
  database = await createTestDatabase();
});
after(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('roadrisk CLI', () => {
  it('creates an account and keys, and revokes a key, printing JSON', () => {
    const env_ = env();
    const account = runCli(['accounts', 'create', '--name', 'fleetco', '--plan', 'standard'], env_);
    assert.equal(account.code, 0, account.stderr);
    assert.equal(JSON.parse(account.stdout).plan, 'standard');
    const key = runCli(['keys', 'create', '--account', 'fleetco', '--environment', 'sandbox', '--role', 'admin'], env_);
    assert.equal(key.code, 0, key.stderr);
    const created = JSON.parse(key.stdout);
    assert.match(created.api_key, /^rr_test_/);
    assert.ok(created.key_id);
    const revoked = runCli(['keys', 'revoke', created.key_id], env_);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.ok(JSON.parse(revoked.stdout).revoked_at);
  });

  it('gives an existing account a dashboard sign-in, password read from stdin', async () => {
    const done = runCli(['accounts', 'set-password', '--name', 'fleetco', '--email', 'Ops@Fleet.test', '--password-stdin'], env(), 'correct horse battery\n');
    assert.equal(done.code, 0, done.stderr);
    assert.deepEqual(JSON.parse(done.stdout).email, 'ops@fleet.test');
    assert.ok(!done.stdout.includes('correct horse'));
    const store = await openStore({ databaseUrl: database.url, dataDir });
    const row = await store.db.selectFrom('accounts').select('password_hash').where('name', '=', 'fleetco').executeTakeFirstOrThrow();
    await store.close();
    const { verifyPassword } = await import('../../src/accounts/passwords.ts');
    assert.equal(await verifyPassword('correct horse battery', row.password_hash!), true);
    assert.equal(await verifyPassword('wrong', row.password_hash!), false);
  });

  it('refuses a bad plan and an unknown account with a message on stderr', () => {
    const env_ = env();
    const bad = runCli(['accounts', 'create', '--name', 'x', '--plan', 'platinum'], env_);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /unknown plan/);
    const missing = runCli(['keys', 'create', '--account', 'nobody', '--environment', 'production', '--role', 'admin'], env_);
    assert.notEqual(missing.code, 0);
    assert.equal(missing.stdout, '');
  });

  it('stops at start on a bad setting, naming it', () => {
    const result = runCli(['serve'], env({ ROADRISK_PORT: 'eighty' }));
    assert.equal(result.code, 2);
    assert.match(result.stderr, /ROADRISK_PORT/);
  });
});

describe('roadrisk serve', () => {
  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const secret = 'rr_live_e2eBootstrapKey000000000000000000';
    // A fresh data dir: this start imports the public data and builds the indexes first.
    const server = await startServe(env({ ROADRISK_BOOTSTRAP_API_KEY: secret }), 300_000);
    const health = await fetch(`${server.url}/v1/health`);
    assert.equal(health.status, 200);
    const keys = await fetch(`${server.url}/v1/api-keys`, { headers: { authorization: `Bearer ${secret}` } });
    assert.equal(keys.status, 200);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    assert.equal(await exited, 0);
    // The usage of the request above was flushed on shutdown.
    const store = await openStore({ databaseUrl: database.url, dataDir });
    const rows = await store.db.selectFrom('usage_daily').select('requests').where('endpoint', '=', 'api-keys').execute();
    await store.close();
    assert.deepEqual(rows.map((r) => Number(r.requests)), [1]);
  });
});
