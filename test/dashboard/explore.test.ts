// The explore page's JSON endpoints on the real crash data: the same crash totals and garaging
// score as the API gives, a plain message for what is not loaded yet, and clicks on the map turned
// back into points.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { CRASHES_NOT_AVAILABLE, GARAGING_NOT_AVAILABLE } from '../../src/dashboard/explore.ts';
import { createHolder, signIn, type Browser } from './support.ts';

let t: TestApp;
let browser: Browser;
let holderId: string;
before(async () => {
  t = await createTestApp({ crashData: true });
  const holder = await createHolder(t.services);
  holderId = holder.id;
  browser = await signIn(t.app, holder);
});
after(() => t.close());

const OAKLAND = { latitude: '37.8044', longitude: '-122.2712', radius_km: '10', start_date: '2013-01-01', end_date: '2015-12-31' };
const exploreUrl = (query: Record<string, string>) => `/dashboard/api/explore?${new URLSearchParams(query)}`;

describe('dashboard explore', () => {
  it('gives the crash totals the API gives, without counting as API usage', async () => {
    const res = await browser.get(exploreUrl(OAKLAND));
    assert.equal(res.statusCode, 200);
    const body = res.json();
    const api = await t.app.inject({
      method: 'POST',
      url: '/v1/crash-data/aggregate',
      headers: bearer(t.keys.enterprise),
      payload: { location: { latitude: 37.8044, longitude: -122.2712 }, start_date: '2013-01-01', end_date: '2015-12-31', radius_km: 10 },
    });
    assert.deepEqual(body.crashes, api.json());
    assert.ok(body.crashes.total_crashes > 0);
    assert.match(body.html, new RegExp(`data-field="total_crashes">${body.crashes.total_crashes.toLocaleString('en-US')}<`));
    assert.ok(body.map.circle.startsWith('M'));
    await t.services.usage.flush();
    assert.deepEqual(await t.services.usageRepository.forAccount(holderId, '2000-01-01'), []);
  });

  it("shows the point's PPA garaging score as POST /v1/risk-score/ppa-garaging gives it", async () => {
    assert.ok(t.services.garaging, 'garaging scoring is loaded with the crash data');
    const body = (await browser.get(exploreUrl(OAKLAND))).json();
    const api = await t.app.inject({
      method: 'POST',
      url: '/v1/risk-score/ppa-garaging',
      headers: bearer(t.keys.enterprise),
      payload: { policy_holder_id: 'p', vehicles: [{ vehicle_id: 'v', garaging_location: { latitude: 37.8044, longitude: -122.2712 } }] },
    });
    const scored = api.json().vehicle_risk_scores[0];
    assert.deepEqual(body.garaging, {
      vehicle_risk_score: scored.vehicle_risk_score,
      usstate: scored.metadata.garaging_location.usstate,
      urbanicity: scored.metadata.garaging_location.urbanicity,
      error_reason: null,
    });
    assert.match(body.html, new RegExp(`id="garaging-score">${scored.vehicle_risk_score.toFixed(4)}<`));
  });

  it('says garaging covers the contiguous US for a point outside the API bounds', async () => {
    const anchorage = (await browser.get(exploreUrl({ ...OAKLAND, latitude: '61.2181', longitude: '-149.9003' }))).json();
    assert.equal(anchorage.garaging, null);
    assert.match(anchorage.garaging_message, /contiguous United States/);
    assert.ok(anchorage.crashes, 'crash totals still answer anywhere');
  });

  it('refuses bad input with messages naming the fields (422)', async () => {
    const res = await browser.get(exploreUrl({ ...OAKLAND, latitude: '95', radius_km: '0', start_date: '2016-01-01' }));
    assert.equal(res.statusCode, 422);
    const detail = res.json().detail as string[];
    assert.ok(detail.some((d) => d.startsWith('Latitude')));
    assert.ok(detail.some((d) => d.startsWith('Radius')));
    const reversed = await browser.get(exploreUrl({ ...OAKLAND, start_date: '2016-01-01' }));
    assert.deepEqual(reversed.json().detail, ['Start date must be on or before the end date.']);
    assert.equal((await browser.get(exploreUrl({ ...OAKLAND, end_date: '2015-02-30' }))).statusCode, 422);
  });

  it('turns a click on the map back into the point it shows', async () => {
    const placed = (await browser.get(exploreUrl(OAKLAND))).json().map;
    const located = await browser.get(`/dashboard/api/map/locate?x=${placed.x}&y=${placed.y}`);
    assert.equal(located.statusCode, 200);
    assert.ok(Math.abs(located.json().latitude - 37.8044) < 1e-6);
    assert.ok(Math.abs(located.json().longitude + 122.2712) < 1e-6);
    assert.equal((await browser.get('/dashboard/api/map/locate?x=-900&y=-900')).statusCode, 404);
    assert.equal((await browser.get('/dashboard/api/map/locate?x=abc&y=1')).statusCode, 422);
  });

  it('renders the results in the page itself when the form is sent without script', async () => {
    const res = await browser.get(`/dashboard/explore?${new URLSearchParams(OAKLAND)}`);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /id="crash-totals"/);
    assert.match(res.body, /class="radius"/);
    const bad = await browser.get('/dashboard/explore?latitude=x&longitude=y');
    assert.equal(bad.statusCode, 422);
    assert.match(bad.body, /Latitude must be a number/);
  });
});

describe('dashboard explore before the crash data is loaded', () => {
  let empty: TestApp;
  before(async () => {
    empty = await createTestApp();
  });
  after(() => empty.close());

  it('says crash totals and garaging scores are not available yet', async () => {
    const holderBrowser = await signIn(empty.app, await createHolder(empty.services));
    const res = await holderBrowser.get(exploreUrl(OAKLAND));
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.crashes, null);
    assert.equal(body.crashes_message, CRASHES_NOT_AVAILABLE);
    assert.equal(body.garaging, null);
    assert.equal(body.garaging_message, GARAGING_NOT_AVAILABLE);
    assert.ok(body.html.includes(CRASHES_NOT_AVAILABLE) && body.html.includes(GARAGING_NOT_AVAILABLE));
  });
});
