import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

describe('API key lifecycle', () => {
  it('creates a key whose secret is shown once and works at once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/api-keys',
      headers: bearer(t.keys.enterprise),
      payload: { name: 'pricing batch', environment: 'sandbox', role: 'standard' },
    });
    assert.equal(created.statusCode, 200);
    const key = created.json();
    assert.match(key.api_key, /^rr_test_[1-9A-HJ-NP-Za-km-z]{30,}$/);
    assert.equal(key.start, key.api_key.slice(0, 12));
    assert.equal(key.environment, 'sandbox');
    assert.equal(key.role, 'standard');
    assert.equal(key.revoked_at, null);

    const listed = await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(key.api_key) });
    assert.equal(listed.statusCode, 200);
    const mine = listed.json().find((k: { key_id: string }) => k.key_id === key.key_id);
    assert.ok(mine);
    assert.equal(mine.api_key, undefined, 'listing never returns the secret');
    assert.ok(!listed.body.includes(key.api_key));
  });

  it('generates production keys with rr_live_ and at least 128 random bits', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/api-keys', headers: bearer(t.keys.enterprise), payload: { name: 'p' } });
    const secret: string = res.json().api_key;
    assert.match(secret, /^rr_live_/);
    // 58^22 > 2^128: 22 base58 characters or more carry at least 128 bits.
    assert.ok(secret.length - 'rr_live_'.length >= 22);
  });

  it('revokes at once: the next request with the key gets 401', async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/v1/api-keys', headers: bearer(t.keys.enterprise), payload: { name: 'tmp' } })).json();
    const ok = await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(created.api_key) });
    assert.equal(ok.statusCode, 200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/v1/api-keys/${created.key_id}`, headers: bearer(t.keys.enterprise) });
    assert.equal(revoked.statusCode, 200);
    assert.deepEqual(revoked.json(), { message: 'API key revoked' });
    const after = await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(created.api_key) });
    assert.equal(after.statusCode, 401);
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(t.keys.enterprise) })).json();
    assert.ok(listed.find((k: { key_id: string }) => k.key_id === created.key_id).revoked_at);
  });

  it('lets a non-admin key revoke itself but not another key', async () => {
    const acme = await t.services.accounts.accountByName('acme');
    const a = await t.services.accounts.createKey({ accountId: acme.id, name: 'a', environment: 'production', role: 'standard' });
    const b = await t.services.accounts.createKey({ accountId: acme.id, name: 'b', environment: 'production', role: 'standard' });
    const other = await t.app.inject({ method: 'DELETE', url: `/v1/api-keys/${b.key_id}`, headers: bearer(a.api_key) });
    assert.equal(other.statusCode, 403);
    const self = await t.app.inject({ method: 'DELETE', url: `/v1/api-keys/${a.key_id}`, headers: bearer(a.api_key) });
    assert.equal(self.statusCode, 200);
  });

  it("does not list or revoke another account's keys", async () => {
    const globexKeys = await t.services.accounts.listKeys((await t.services.accounts.accountByName('globex')).id);
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(t.keys.enterprise) })).json();
    for (const key of globexKeys) assert.ok(!listed.some((k: { key_id: string }) => k.key_id === key.key_id));
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/api-keys/${globexKeys[0].key_id}`, headers: bearer(t.keys.enterprise) });
    assert.equal(res.statusCode, 404);
    assert.notEqual(await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(t.keys.otherEnterprise) }).then((r) => r.statusCode), 401);
  });

  it('honours an expiry and refuses one in the past', async () => {
    const past = await t.app.inject({
      method: 'POST',
      url: '/v1/api-keys',
      headers: bearer(t.keys.enterprise),
      payload: { name: 'old', expires_at: '2020-01-01T00:00:00Z' },
    });
    assert.equal(past.statusCode, 422);
    assert.equal(past.json().detail[0].type, 'value_error');
    const soon = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/api-keys',
        headers: bearer(t.keys.enterprise),
        payload: { name: 'soon', expires_at: new Date(t.clock.now.getTime() + 3_600_000).toISOString() },
      })
    ).json();
    assert.equal((await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(soon.api_key) })).statusCode, 200);
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 3_600_000);
    assert.equal((await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(soon.api_key) })).statusCode, 401);
  });

  it('stores no secret in plain text', async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/v1/api-keys', headers: bearer(t.keys.enterprise), payload: { name: 's' } })).json();
    const rows = await t.services.store.db.selectFrom('api_keys').selectAll().execute();
    const dump = JSON.stringify(rows);
    for (const secret of [created.api_key, ...Object.values(t.keys)]) assert.ok(!dump.includes(secret));
  });
});
