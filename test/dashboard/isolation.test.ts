// One account never sees another's keys, usage or jobs, nor reaches them by URL: another
// account's key or job is "not found", as in the API.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { addJob, createHolder, signIn, type Browser } from './support.ts';

let t: TestApp;
let alice: Browser;
let bob: Browser;
let aliceHolder: Awaited<ReturnType<typeof createHolder>>;
let aliceId: string;
let bobId: string;
before(async () => {
  t = await createTestApp();
  const a = await createHolder(t.services);
  const b = await createHolder(t.services);
  aliceHolder = a;
  aliceId = a.id;
  bobId = b.id;
  alice = await signIn(t.app, a);
  bob = await signIn(t.app, b);
});
after(() => t.close());

describe('dashboard account isolation', () => {
  it("never lists or revokes another account's keys", async () => {
    const bobKey = await t.services.accounts.createKey({ accountId: bobId, name: 'bob-secret-name', environment: 'production', role: 'admin' });
    const page = (await alice.get('/dashboard/keys')).body;
    assert.ok(!page.includes(bobKey.key_id));
    assert.ok(!page.includes('bob-secret-name'));
    assert.ok(!page.includes(bobKey.start));
    assert.equal((await alice.get(`/dashboard/keys/${bobKey.key_id}/revoke`)).statusCode, 404);
    const revoke = await alice.post(`/dashboard/keys/${bobKey.key_id}/revoke`, { csrf_token: await alice.csrfToken() });
    assert.equal(revoke.statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(bobKey.api_key) })).statusCode, 200);
    assert.ok((await bob.get('/dashboard/keys')).body.includes('bob-secret-name'));
  });

  it("never shows another account's usage", async () => {
    const carol = await createHolder(t.services);
    const dave = await createHolder(t.services);
    const carolKey = await t.services.accounts.createKey({ accountId: carol.id, name: 'carol-usage', environment: 'production', role: 'admin' });
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(carolKey.api_key) });
    await t.services.usage.flush();
    const total = (html: string) => /id="usage-total">([\d,]+)</.exec(html)?.[1];
    assert.equal(total((await (await signIn(t.app, carol)).get('/dashboard/usage')).body), '3');
    const davePage = (await (await signIn(t.app, dave)).get('/dashboard/usage')).body;
    assert.equal(total(davePage), '0');
    assert.ok(!davePage.includes('carol-usage'));
  });

  it("never lists another account's jobs or serves their results", async () => {
    const bobJob = await addJob(t.services, bobId, 'completed', { secret: 'bob result' });
    const aliceJob = await addJob(t.services, aliceId, 'completed', { mine: 'alice result' });
    const jobs = (await alice.get('/dashboard/jobs')).body;
    assert.ok(jobs.includes(aliceJob));
    assert.ok(!jobs.includes(bobJob));
    const stolen = await alice.get(`/dashboard/jobs/${bobJob}/result`);
    assert.equal(stolen.statusCode, 404);
    assert.deepEqual(stolen.json(), { detail: 'Job not found' });
    const own = await alice.get(`/dashboard/jobs/${aliceJob}/result`);
    assert.equal(own.statusCode, 200);
    assert.deepEqual(own.json(), { mine: 'alice result' });
    assert.equal((await bob.get(`/dashboard/jobs/${bobJob}/result`)).statusCode, 200);
  });

  it('answers 409 for an unfinished job, 410 after retention, and needs a session', async () => {
    const pending = await addJob(t.services, aliceId, 'pending');
    const pendingRes = await alice.get(`/dashboard/jobs/${pending}/result`);
    assert.equal(pendingRes.statusCode, 409);
    assert.deepEqual(pendingRes.json(), { detail: `Job ${pending} is pending` });
    const done = await addJob(t.services, aliceId, 'completed');
    assert.equal((await t.app.inject({ method: 'GET', url: `/dashboard/jobs/${done}/result` })).statusCode, 303);
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 86_400_000);
    const fresh = await signIn(t.app, aliceHolder);
    assert.equal((await fresh.get(`/dashboard/jobs/${done}/result`)).statusCode, 410);
  });
});
