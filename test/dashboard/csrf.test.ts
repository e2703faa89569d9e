// Every state-changing dashboard request needs the session's CSRF token and, when the browser
// names one, this site as its origin. Refused requests change nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createHolder, signIn, type Browser } from './support.ts';

let t: TestApp;
let browser: Browser;
let holderId: string;
before(async () => {
  t = await createTestApp();
  const holder = await createHolder(t.services);
  holderId = holder.id;
  browser = await signIn(t.app, holder);
});
after(() => t.close());

const keyCount = async () => (await t.services.accounts.listKeys(holderId)).length;

describe('dashboard CSRF protection', () => {
  it('refuses to create a key without the token (403) and creates none', async () => {
    const before = await keyCount();
    const res = await browser.post('/dashboard/keys', { name: 'forged', environment: 'production', role: 'admin' });
    assert.equal(res.statusCode, 403);
    assert.equal(await keyCount(), before);
  });

  it('refuses a wrong token, and the token of another session', async () => {
    const other = await signIn(t.app, await createHolder(t.services));
    for (const token of ['wrong', await other.csrfToken()]) {
      const res = await browser.post('/dashboard/keys', { name: 'forged', environment: 'production', role: 'admin', csrf_token: token });
      assert.equal(res.statusCode, 403);
    }
  });

  it('refuses the right token from another origin', async () => {
    const token = await browser.csrfToken();
    const fields = { name: 'forged', environment: 'production', role: 'admin', csrf_token: token };
    assert.equal((await browser.post('/dashboard/keys', fields, { origin: 'https://evil.example' })).statusCode, 403);
    assert.equal((await browser.post('/dashboard/keys', fields, { origin: 'null' })).statusCode, 403);
    const referer = await t.app.inject({
      method: 'POST',
      url: '/dashboard/keys',
      headers: { cookie: browser.cookie, referer: 'https://evil.example/page', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    assert.equal(referer.statusCode, 403);
  });

  it('accepts the token in the form or in the X-CSRF-Token header', async () => {
    const token = await browser.csrfToken();
    const inForm = await browser.post('/dashboard/keys', { name: 'in form', environment: 'sandbox', role: 'standard', csrf_token: token });
    assert.equal(inForm.statusCode, 200);
    const inHeader = await browser.post('/dashboard/keys', { name: 'in header', environment: 'sandbox', role: 'standard' }, { 'x-csrf-token': token });
    assert.equal(inHeader.statusCode, 200);
  });

  it('refuses to revoke or sign out without the token', async () => {
    const key = await t.services.accounts.createKey({ accountId: holderId, name: 'keep', environment: 'production', role: 'standard' });
    assert.equal((await browser.post(`/dashboard/keys/${key.key_id}/revoke`, {})).statusCode, 403);
    assert.equal((await t.services.accounts.listKeys(holderId)).find((k) => k.key_id === key.key_id)?.revoked_at, null);
    assert.equal((await browser.post('/dashboard/logout', {})).statusCode, 403);
    assert.equal((await browser.get('/dashboard/keys')).statusCode, 200, 'still signed in');
  });
});
