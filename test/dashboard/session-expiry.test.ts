// Sessions end after 12 hours without a request and 7 days after sign-in whatever the activity.
// Time is moved on the app's clock, not waited for.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/dashboard/session-store.ts';
import { createHolder, signIn } from './support.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const advance = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

describe('dashboard session expiry', () => {
  it('refuses a session idle for 12 hours', async () => {
    const browser = await signIn(t.app, await createHolder(t.services));
    advance(SESSION_IDLE_MS - 60_000);
    assert.equal((await browser.get('/dashboard/keys')).statusCode, 200, 'still alive just before the idle limit');
    advance(SESSION_IDLE_MS);
    const res = await browser.get('/dashboard/keys');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/dashboard/login');
    assert.equal((await browser.get('/dashboard/api/map/locate?x=100&y=100')).statusCode, 401);
  });

  it('refuses a session 7 days after sign-in even when it was used all along', async () => {
    const browser = await signIn(t.app, await createHolder(t.services));
    const step = SESSION_IDLE_MS / 2;
    for (let elapsed = step; elapsed < SESSION_ABSOLUTE_MS; elapsed += step) {
      advance(step);
      assert.equal((await browser.get('/dashboard/usage')).statusCode, 200, `alive after ${elapsed / 3_600_000} h`);
    }
    advance(step);
    assert.equal((await browser.get('/dashboard/usage')).statusCode, 303);
  });
});
