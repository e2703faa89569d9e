// The keys page uses the API's AccountService: a key made here works on the API at once, its
// secret is shown once, and revoking it here makes the API refuse it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { createHolder, signIn, type Browser } from './support.ts';

let t: TestApp;
let browser: Browser;
before(async () => {
  t = await createTestApp();
  browser = await signIn(t.app, await createHolder(t.services));
});
after(() => t.close());

const secretIn = (html: string) => /id="new-key-secret"[^>]*value="(rr_(?:live|test)_[1-9A-HJ-NP-Za-km-z]+)"/.exec(html)?.[1];

describe('dashboard API keys', () => {
  it('creates a key whose secret is shown once and works against the API, then revokes it', async () => {
    const token = await browser.csrfToken();
    const created = await browser.post('/dashboard/keys', { name: 'pricing', environment: 'production', role: 'admin', expires_on: '', csrf_token: token });
    assert.equal(created.statusCode, 200);
    assert.equal(created.headers['cache-control'], 'no-store');
    const secret = secretIn(created.body) ?? '';
    assert.ok(secret.startsWith('rr_live_'), 'the secret is on the page');
    assert.ok(!(await browser.get('/dashboard/keys')).body.includes(secret), 'and never again');

    const api = await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(secret) });
    assert.equal(api.statusCode, 200);
    const keyId = api.json().find((k: { start: string }) => secret.startsWith(k.start)).key_id as string;

    const confirm = await browser.get(`/dashboard/keys/${keyId}/revoke`);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /cannot be undone/);
    const revoked = await browser.post(`/dashboard/keys/${keyId}/revoke`, { csrf_token: token });
    assert.equal(revoked.statusCode, 303);
    assert.equal(revoked.headers.location, `/dashboard/keys?revoked=${keyId}`);
    assert.match((await browser.get(revoked.headers.location as string)).body, /is revoked: requests with it are refused/);
    const refused = await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(secret) });
    assert.equal(refused.statusCode, 401);
  });

  it('creates sandbox keys with an expiry date', async () => {
    const res = await browser.post('/dashboard/keys', {
      name: 'ci',
      environment: 'sandbox',
      role: 'standard',
      expires_on: '2025-07-01',
      csrf_token: await browser.csrfToken(),
    });
    assert.equal(res.statusCode, 200);
    assert.ok(secretIn(res.body)?.startsWith('rr_test_'));
    assert.match(res.body, /<time datetime="2025-07-01T00:00:00.000Z">2025-07-01 00:00 UTC<\/time>/);
  });

  it('refuses an empty name, an unknown role and a past expiry, keeping what was typed', async () => {
    const res = await browser.post('/dashboard/keys', {
      name: '  ',
      environment: 'production',
      role: 'owner',
      expires_on: '2020-01-01',
      csrf_token: await browser.csrfToken(),
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Name must be 1 to 100 characters/);
    assert.match(res.body, /Pick a role/);
    assert.match(res.body, /must be in the future/);
    assert.match(res.body, /value="2020-01-01"/);
    assert.equal(secretIn(res.body), undefined);
  });

  it('escapes key names', async () => {
    const res = await browser.post('/dashboard/keys', {
      name: '<script>alert(1)</script>',
      environment: 'production',
      role: 'standard',
      csrf_token: await browser.csrfToken(),
    });
    assert.equal(res.statusCode, 200);
    assert.ok(!res.body.includes('<script>alert(1)'));
    assert.ok(res.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  });
});
