// Signing in and out of the dashboard: one answer for every refused sign-in, the session cookie's
// attributes, the throttle on failures, and sign-out ending the session in the store.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { hashSessionId } from '../../src/dashboard/session-store.ts';
import { SessionsRepository } from '../../src/storage/repositories/sessions.ts';
import { REFUSED_MESSAGE } from '../../src/dashboard/views/sign-in.ts';
import { cookiesOf, createHolder, csrfTokenIn, FORM, ORIGIN, postSignIn, signIn } from './support.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

describe('dashboard sign-in', () => {
  it('signs a holder in with a fresh HttpOnly, SameSite session cookie scoped to /dashboard', async () => {
    const holder = await createHolder(t.services);
    const res = await postSignIn(t.app, holder.email!, holder.password);
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/dashboard/keys');
    const session = res.cookies.find((c) => c.name === 'roadrisk_session');
    assert.ok(session);
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Lax');
    assert.equal(session.path, '/dashboard');
    assert.equal(session.secure, undefined, 'plain HTTP: no Secure flag, or the browser would drop it');
    assert.match(session.value, /^[A-Za-z0-9_-]{43}$/, '256 random bits, base64url');
  });

  it('marks the cookie Secure behind a TLS-terminating proxy', async () => {
    const holder = await createHolder(t.services);
    const res = await postSignIn(t.app, holder.email!, holder.password, { 'x-forwarded-proto': 'https' });
    assert.equal(res.cookies.find((c) => c.name === 'roadrisk_session')?.secure, true);
  });

  it('stores only the hash of the session id', async () => {
    const holder = await createHolder(t.services);
    const browser = await signIn(t.app, holder);
    const sessions = new SessionsRepository(t.services.store.db);
    assert.equal(await sessions.findByHash(browser.sessionId), undefined);
    assert.equal((await sessions.findByHash(hashSessionId(browser.sessionId)))?.account_id, holder.id);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const holder = await createHolder(t.services);
    const wrong = await postSignIn(t.app, holder.email!, 'not the password');
    const unknown = await postSignIn(t.app, 'nobody-here@example.com', holder.password);
    for (const res of [wrong, unknown]) {
      assert.equal(res.statusCode, 401);
      assert.ok(res.body.includes(REFUSED_MESSAGE));
      assert.equal(cookiesOf(res).roadrisk_session, undefined);
    }
    const strip = (html: string) => html.replace(/value="[^"]*"/g, '');
    assert.equal(strip(wrong.body), strip(unknown.body));
  });

  it('refuses an account that has no password', async () => {
    const account = await t.services.accounts.createAccount({ name: 'no-password', plan: 'trial', email: 'nopass@example.com' });
    const res = await postSignIn(t.app, account.email!, '');
    assert.equal(res.statusCode, 401);
  });

  it('throttles after 5 failures for an email from one address, even for the right password, for 15 minutes', async () => {
    const holder = await createHolder(t.services);
    for (let i = 0; i < 5; i++) assert.equal((await postSignIn(t.app, holder.email!, `guess ${i}`)).statusCode, 401);
    const blocked = await postSignIn(t.app, holder.email!, holder.password);
    assert.equal(blocked.statusCode, 429);
    assert.match(blocked.body, /Too many failed sign-ins/);
    assert.ok(Number(blocked.headers['retry-after']) > 0 && Number(blocked.headers['retry-after']) <= 900);
    const other = await createHolder(t.services);
    assert.equal((await postSignIn(t.app, other.email!, other.password)).statusCode, 303, 'another email is not blocked');
    t.clock.now = new Date(t.clock.now.getTime() + 15 * 60 * 1000 + 1000);
    assert.equal((await postSignIn(t.app, holder.email!, holder.password)).statusCode, 303);
  });

  it('refuses a sign-in post without the form token or from another site', async () => {
    const holder = await createHolder(t.services);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/login' });
    const cookie = `roadrisk_sign_in=${cookiesOf(page).roadrisk_sign_in}`;
    const fields = { email: holder.email!, password: holder.password };
    const noToken = await t.app.inject({ method: 'POST', url: '/dashboard/login', headers: { cookie, origin: ORIGIN, 'content-type': FORM }, payload: new URLSearchParams(fields).toString() });
    assert.equal(noToken.statusCode, 403);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/dashboard/login',
      headers: { cookie, origin: 'https://evil.example', 'content-type': FORM },
      payload: new URLSearchParams({ ...fields, csrf_token: csrfTokenIn(page.body) }).toString(),
    });
    assert.equal(foreign.statusCode, 403);
    assert.equal(cookiesOf(foreign).roadrisk_session, undefined);
  });

  it('sends signed-out visitors to the sign-in page, and the JSON endpoints answer 401', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/keys' });
    assert.equal(page.statusCode, 303);
    assert.equal(page.headers.location, '/dashboard/login');
    const api = await t.app.inject({ method: 'GET', url: '/dashboard/api/map/locate?x=1&y=1' });
    assert.equal(api.statusCode, 401);
    const forged = await t.app.inject({ method: 'GET', url: '/dashboard/keys', headers: { cookie: 'roadrisk_session=forged' } });
    assert.equal(forged.statusCode, 303);
  });

  it('signs out by deleting the session: the old cookie no longer works', async () => {
    const holder = await createHolder(t.services);
    const browser = await signIn(t.app, holder);
    const out = await browser.post('/dashboard/logout', { csrf_token: await browser.csrfToken() });
    assert.equal(out.statusCode, 303);
    assert.equal(out.headers.location, '/dashboard/login');
    assert.equal(out.cookies.find((c) => c.name === 'roadrisk_session')?.maxAge, 0);
    const sessions = new SessionsRepository(t.services.store.db);
    assert.equal(await sessions.findByHash(hashSessionId(browser.sessionId)), undefined);
    assert.equal((await browser.get('/dashboard/keys')).statusCode, 303);
  });

  it('serves pages with a strict Content Security Policy and without caching', async () => {
    const browser = await signIn(t.app, await createHolder(t.services));
    const res = await browser.get('/dashboard/keys');
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  it('keeps the dashboard out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.deepEqual(Object.keys(doc.paths).filter((p) => p.startsWith('/dashboard')), []);
  });
});
