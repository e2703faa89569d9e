// The same authentication matrix thrown at every route (after Unkey's runCommonRouteTests).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { ROUTES } from '../support/routes.ts';
import { pendingJob } from '../support/jobs.ts';

let t: TestApp;
let revokedKey: string;
let expiringKey: string;
let jobIds: Record<string, string>;

before(async () => {
  t = await createTestApp();
  const acme = await t.services.accounts.accountByName('acme');
  const revoked = await t.services.accounts.createKey({ accountId: acme.id, name: 'r', environment: 'production', role: 'admin' });
  await t.services.accounts.revokeKey(acme.id, revoked.key_id);
  revokedKey = revoked.api_key;
  const expiring = await t.services.accounts.createKey({
    accountId: acme.id,
    name: 'e',
    environment: 'production',
    role: 'admin',
    expiresAt: new Date(t.clock.now.getTime() + 60_000).toISOString(),
  });
  expiringKey = expiring.api_key;
  // One job of each type, owned by globex: acme must never see them.
  const globex = await t.services.accounts.accountByName('globex');
  jobIds = {};
  for (const line of ['ca', 'ppa']) {
    const id = `job_${line.padEnd(32, '0')}`;
    jobIds[line] = id;
    await t.services.jobs.insert(pendingJob({ id, account_id: globex.id, job_type: `${line}-telematics`, created_at: t.clock.now.toISOString() }));
  }
});
after(() => t.close());

const jobFor = (url: string | undefined) => (url?.includes('/ca-') ? 'ca' : 'ppa');

for (const route of ROUTES) {
  describe(route.name, () => {
    const send = async (headers: Record<string, string>) => {
      const options = route.request(jobIds[jobFor(route.request('x').url as string)]);
      return t.app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), ...headers } });
    };

    it('answers 401 Not authenticated without an Authorization header', async () => {
      const res = await send({});
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { detail: 'Not authenticated' });
      assert.equal(res.headers['www-authenticate'], 'Bearer');
    });

    it('answers 401 for a scheme other than Bearer', async () => {
      const res = await send({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` });
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { detail: 'Not authenticated' });
    });

    it('answers 401 Invalid API key for an unknown key', async () => {
      const res = await send(bearer('rr_live_thisKeyDoesNotExist1234567890'));
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { detail: 'Invalid API key' });
    });

    it('answers 401 for a revoked key', async () => {
      const res = await send(bearer(revokedKey));
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { detail: 'Invalid API key' });
    });

    it('answers 401 for an expired key', async () => {
      const saved = t.clock.now;
      t.clock.now = new Date(saved.getTime() + 120_000);
      try {
        const res = await send(bearer(expiringKey));
        assert.equal(res.statusCode, 401);
      } finally {
        t.clock.now = saved;
      }
    });

    it('accepts a sandbox key where the plan allows the endpoint', async () => {
      const res = await send(bearer(t.keys.enterpriseSandbox));
      assert.ok(![401, 403].includes(res.statusCode), `got ${res.statusCode} ${res.body}`);
      assert.ok(res.headers['ratelimit-limit'], 'rate limit headers on an authenticated response');
    });

    if (route.endpoint) {
      const endpoint = route.endpoint;
      it('answers 403 when the plan does not include the endpoint', async () => {
        const res = await send(bearer(t.keys.trial));
        const trialHasIt = ['crash-aggregate', 'ca-garaging', 'ppa-garaging'].includes(endpoint);
        if (trialHasIt) {
          assert.notEqual(res.statusCode, 403);
        } else {
          assert.equal(res.statusCode, 403);
          assert.match(res.json().detail, new RegExp(endpoint));
        }
      });
    }

    if (String(route.request('x').url).includes('/job/')) {
      it("answers 404 Job not found for another account's job", async () => {
        const res = await send(bearer(t.keys.enterprise));
        assert.equal(res.statusCode, 404);
        assert.deepEqual(res.json(), { detail: 'Job not found' });
      });
    }
  });
}

describe('order of checks', () => {
  it('answers 401, not 422, to an invalid body without a valid key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/risk-score/ca-garaging', payload: { vehicles: [] } });
    assert.equal(res.statusCode, 401);
  });

  it('answers 403, not 422, to an invalid body from a plan without the endpoint', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/risk-score/ppa-telematics', headers: bearer(t.keys.trial), payload: {} });
    assert.equal(res.statusCode, 403);
  });

  it('never accepts a key in the query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/api-keys?api_key=${t.keys.enterprise}` });
    assert.equal(res.statusCode, 401);
  });

  it('needs role admin to create a key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/api-keys', headers: bearer(t.keys.enterpriseStandardRole), payload: { name: 'x' } });
    assert.equal(res.statusCode, 403);
  });

  it('leaves health, OpenAPI and docs open', async () => {
    for (const url of ['/v1/health', '/openapi.json', '/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.ok(res.statusCode < 400, `${url}: ${res.statusCode}`);
    }
  });
});
