import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

const SECRET = 'rr_live_bootstrapSecretForTests0123456789';
let t: TestApp;
before(async () => {
  t = await createTestApp({ env: { ROADRISK_BOOTSTRAP_API_KEY: SECRET } });
});
after(() => t.close());

describe('bootstrap key', () => {
  it('creates an enterprise production account named bootstrap with an admin key of exactly that secret', async () => {
    const account = await t.services.accounts.accountByName('bootstrap');
    assert.equal(account.plan, 'enterprise');
    const res = await t.app.inject({ method: 'POST', url: '/v1/api-keys', headers: bearer(SECRET), payload: { name: 'from bootstrap' } });
    assert.equal(res.statusCode, 200);
    const key = (await t.services.accounts.listKeys(account.id)).find((k) => k.name === 'bootstrap');
    assert.deepEqual([key?.role, key?.environment, key?.start], ['admin', 'production', SECRET.slice(0, 12)]);
  });

  it('is idempotent across restarts', async () => {
    assert.equal(await t.services.accounts.ensureBootstrap(SECRET), 'exists');
    const account = await t.services.accounts.accountByName('bootstrap');
    assert.equal((await t.services.accounts.listKeys(account.id)).length, 2);
  });

  it('stays revoked once revoked', async () => {
    const account = await t.services.accounts.accountByName('bootstrap');
    const key = (await t.services.accounts.listKeys(account.id)).find((k) => k.name === 'bootstrap')!;
    await t.services.accounts.revokeKey(account.id, key.key_id);
    assert.equal(await t.services.accounts.ensureBootstrap(SECRET), 'revoked');
    assert.equal((await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(SECRET) })).statusCode, 401);
  });
});
