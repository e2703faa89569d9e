// The dashboard in a real browser against a real server: sign in, make a key and call the API
// with it, see the usage move, revoke the key and see the API refuse it, see a job and open its
// result, click the map and read crash totals, sign out. Each page is saved as a screenshot in
// test-results/screenshots/. The steps run in order and share one signed-in browser.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword } from '../../src/accounts/passwords.ts';
import { usMap } from '../../src/dashboard/us-map.ts';
import { GARAGING_NOT_AVAILABLE } from '../../src/dashboard/explore.ts';
import { REFUSED_MESSAGE } from '../../src/dashboard/views/sign-in.ts';
import { addJob } from './support.ts';
import { BROWSER_SKIP, openBrowserSession, type BrowserSession } from './browser-session.ts';

const EMAIL = 'fleet-manager@example.com';
const PASSWORD = 'correct horse battery staple';
const OAKLAND = { latitude: 37.8044, longitude: -122.2712 };

// Each step is skipped on its own when Chromium is missing, so the run counts them as skipped.
const step = { skip: BROWSER_SKIP, timeout: 60_000 };

describe('dashboard in a real browser', () => {
  let s: BrowserSession;
  let accountId: string;
  let apiKey: string;

  before(async () => {
    if (BROWSER_SKIP) return;
    s = await openBrowserSession();
    const account = await s.server.services.accounts.createAccount({
      name: 'fleet-co',
      plan: 'enterprise',
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
    });
    accountId = account.id;
  });
  after(async () => {
    await s?.close();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${s.url}${path}`, { ...init, headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...init.headers } });
  const crashQuery = { location: OAKLAND, start_date: '2013-01-01', end_date: '2015-12-31', radius_km: 10 };

  it('refuses a wrong password, then signs in', step, async () => {
    const { page } = s;
    await page.goto(`${s.url}/dashboard`);
    assert.match(page.url(), /\/dashboard\/login$/);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(REFUSED_MESSAGE).waitFor();
    await s.screenshot('01-sign-in-refused');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/keys$/);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'API keys');
  });

  it('creates a key, copies it, and the API accepts it', step, async () => {
    const { page } = s;
    await page.getByLabel('Name').fill('pricing-engine');
    await page.getByLabel('Environment').selectOption('production');
    await page.getByLabel('Role').selectOption('standard');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = page.locator('#new-key-secret');
    await secret.waitFor();
    apiKey = await secret.inputValue();
    assert.match(apiKey, /^rr_live_[1-9A-HJ-NP-Za-km-z]{30,}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), apiKey);
    await s.screenshot('02-keys-created');
    for (let i = 0; i < 3; i++) {
      const res = await api('/v1/crash-data/aggregate', { method: 'POST', body: JSON.stringify(crashQuery) });
      assert.equal(res.status, 200);
    }
  });

  it('shows the usage move after the API calls', step, async () => {
    const { page } = s;
    await s.server.services.usage.flush();
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(/\/dashboard\/usage$/);
    assert.equal(await page.locator('#usage-total').textContent(), '3');
    assert.equal(await page.locator('.endpoint-totals [data-endpoint="crash-aggregate"] strong').textContent(), '3');
    assert.equal(await page.locator('svg.chart rect title').first().textContent(), `${new Date().toISOString().slice(0, 10)} crash-aggregate: 3`);
    assert.match((await page.locator('#today-by-key').textContent()) ?? '', /pricing-engine/);
    await s.screenshot('03-usage');
  });

  it('revokes the key after confirmation, and the API refuses it', step, async () => {
    const { page } = s;
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('link', { name: 'Revoke pricing-engine' }).click();
    await page.getByText('This cannot be undone.').waitFor();
    await s.screenshot('04-revoke-confirm');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('is revoked: requests with it are refused').waitFor();
    await s.screenshot('05-keys-revoked');
    const refused = await api('/v1/crash-data/aggregate', { method: 'POST', body: JSON.stringify(crashQuery) });
    assert.equal(refused.status, 401);
  });

  it('lists the jobs and opens a result', step, async () => {
    const { page } = s;
    const services = s.server.services;
    const done = await addJob(services, accountId, 'completed', { job_type: 'ppa-telematics-risk-score', aggregated_risk_score: 0.42 });
    const waiting = await addJob(services, accountId, 'pending');
    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL(/\/dashboard\/jobs$/);
    assert.match((await page.locator(`tr[data-job-id="${done}"]`).textContent()) ?? '', /completed/);
    assert.match((await page.locator(`tr[data-job-id="${waiting}"]`).textContent()) ?? '', /pending/);
    await s.screenshot('06-jobs');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/dashboard/jobs/${done}/result`)),
      page.getByRole('link', { name: `Result JSON of ${done}` }).click(),
    ]);
    assert.equal(response.status(), 200);
    assert.deepEqual(await response.json(), { job_type: 'ppa-telematics-risk-score', aggregated_risk_score: 0.42 });
    await page.goBack();
  });

  it('shows crash totals for a click on the map, and for a point typed in the form', step, async () => {
    const { page } = s;
    await page.getByRole('link', { name: 'Explore' }).click();
    await page.waitForURL(/\/dashboard\/explore$/);
    await s.screenshot('07-explore');
    // Where Oakland is drawn, in the page's pixels.
    const at = usMap().place(OAKLAND.latitude, OAKLAND.longitude, 10)!;
    const [x, y] = await page.evaluate(([sx, sy]) => {
      const svg = document.getElementById('us-map') as unknown as SVGSVGElement;
      const p = new DOMPoint(sx, sy).matrixTransform(svg.getScreenCTM()!);
      return [p.x, p.y];
    }, [at.x, at.y]);
    await page.mouse.click(x, y);
    const crashes = page.locator('#crash-totals [data-field="total_crashes"]');
    await crashes.waitFor();
    const clicked = { latitude: Number(await page.getByLabel('Latitude').inputValue()), longitude: Number(await page.getByLabel('Longitude').inputValue()) };
    assert.ok(Math.abs(clicked.latitude - OAKLAND.latitude) < 0.05 && Math.abs(clicked.longitude - OAKLAND.longitude) < 0.05, JSON.stringify(clicked));
    assert.ok(Number((await crashes.textContent())!.replace(/,/g, '')) > 0);
    assert.equal(await page.locator('#map-selection path.radius').count(), 1);
    assert.notEqual(await page.locator('#us-map').getAttribute('viewBox'), '0 0 975 610', 'zoomed to the circle');
    const garaging = (await page.locator('#explore-results').textContent()) ?? '';
    assert.ok(garaging.includes(GARAGING_NOT_AVAILABLE) || /PPA garaging score/.test(garaging));
    await s.screenshot('08-explore-clicked');

    // The keyboard way: type the point, choose 25 km, press Enter; the totals equal the API's.
    await page.getByLabel('Latitude').fill(String(OAKLAND.latitude));
    await page.getByLabel('Longitude').fill(String(OAKLAND.longitude));
    await page.getByLabel('Radius').selectOption('25');
    await page.getByLabel('Longitude').press('Enter');
    await page.getByText('Crashes within 25 km').waitFor();
    const expected = await s.server.services.crashes!.aggregate({ ...crashQuery, radius_km: 25 });
    assert.equal(await crashes.textContent(), expected!.total_crashes.toLocaleString('en-US'));
    assert.match(page.url(), /latitude=37\.8044/);
    await s.screenshot('09-explore-typed');
  });

  it('signs out, and the pages then ask to sign in', step, async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/dashboard\/login$/);
    await page.goto(`${s.url}/dashboard/usage`);
    assert.match(page.url(), /\/dashboard\/login$/);
    assert.deepEqual(s.pageErrors, [], 'no script errors or CSP violations on any page');
  });
});
