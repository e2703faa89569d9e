import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const list = (key: string) => t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(key) });

describe('per-key rate limits', () => {
  it('gives a trial key 60 requests a minute, then 429 with Retry-After and RateLimit headers', async () => {
    t.clock.now = new Date('2025-06-01T12:00:05Z');
    for (let i = 0; i < 60; i++) {
      const res = await list(t.keys.trial);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['ratelimit-limit'], '60');
      assert.equal(res.headers['ratelimit-remaining'], String(59 - i));
    }
    const limited = await list(t.keys.trial);
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { detail: 'Rate limit exceeded' });
    assert.equal(limited.headers['retry-after'], '55');
    assert.equal(limited.headers['ratelimit-remaining'], '0');
    assert.equal(limited.headers['ratelimit-reset'], '55');
    t.clock.now = new Date('2025-06-01T12:01:00Z');
    assert.equal((await list(t.keys.trial)).statusCode, 200, 'a new window starts after the minute');
  });

  it('gives a sandbox key a tenth of its plan rate', async () => {
    const res = await list(t.keys.enterpriseSandbox);
    assert.equal(res.headers['ratelimit-limit'], '600');
    assert.equal((await list(t.keys.enterprise)).headers['ratelimit-limit'], '6000');
  });

  it('counts each key separately', async () => {
    t.clock.now = new Date('2025-06-01T12:05:00Z');
    for (let i = 0; i < 60; i++) await list(t.keys.trial);
    assert.equal((await list(t.keys.trial)).statusCode, 429);
    assert.equal((await list(t.keys.standard)).statusCode, 200);
  });
});

describe('usage', () => {
  it('counts requests per key, day and endpoint', async () => {
    t.clock.now = new Date('2025-06-02T09:00:00Z');
    for (let i = 0; i < 3; i++) await list(t.keys.standard);
    await t.services.usage.flush();
    const account = await t.services.accounts.accountByName('acme-standard');
    const rows = await t.services.usageRepository.forAccount(account.id, '2025-06-02');
    assert.deepEqual(rows.map((r) => [r.day, r.endpoint, Number(r.requests)]), [['2025-06-02', 'api-keys', 3]]);
    const keys = await t.services.accounts.listKeys(account.id);
    assert.equal(keys[0].last_used_at, '2025-06-02T09:00:00.000Z');
  });
});
