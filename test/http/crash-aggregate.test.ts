// POST /v1/crash-data/aggregate on the real public data, checked against counts made directly
// from the raw files (decisions §6).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { bearer, createTestApp, SOURCE_DATA, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ crashData: true });
});
after(() => t.close());

const aggregate = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/crash-data/aggregate', headers: bearer(t.keys.enterprise), payload: body as never });

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

/** FARS fatal crashes within the radius, straight from the published accident file. */
function farsWithin(year: number, lat: number, lon: number, radiusKm: number, months: [number, number] = [1, 12]) {
  const csv = execFileSync('bzip2', ['-dc', join(SOURCE_DATA, 'crashes', 'fars', `accident_${year}.csv.bz2`)], { maxBuffer: 1 << 28 });
  const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
  let crashes = 0;
  let fatalities = 0;
  for (const row of rows) {
    const la = Number(row.LATITUDE);
    const lo = Number(row.LONGITUD);
    if (la > 77 || lo > 777) continue; // 77.7777/88.8888/99.9999 and 777.7777/...: unknown position
    const month = Number(row.MONTH);
    if (month < months[0] || month > months[1]) continue;
    if (haversineKm(lat, lon, la, lo) <= radiusKm) {
      crashes += 1;
      fatalities += Number(row.FATALS);
    }
  }
  return { crashes, fatalities };
}

/** Rows of a city file within the radius and dates, counted straight from the published CSV. */
function cityWithin(
  file: string,
  columns: { date: (row: Record<string, string>) => string; lat: string[]; lon: string[]; injured: string; killed: string },
  centre: { latitude: number; longitude: number },
  radiusKm: number,
  from: string,
  to: string,
) {
  const text = readFileSync(join(SOURCE_DATA, 'crashes', file), 'utf8');
  const rows = parse(text, { columns: true, bom: true, relax_column_count: true }) as Record<string, string>[];
  const totals = { crashes: 0, injuries: 0, fatalities: 0 };
  for (const row of rows) {
    // The first usable pair of coordinate columns (docs/data.md: SWITRS falls back to LATITUDE/LONGITUDE).
    let point: [number, number] | null = null;
    for (let k = 0; k < columns.lat.length && !point; k++) {
      const la = Number(row[columns.lat[k]]);
      const lo = Number(row[columns.lon[k]]);
      if (row[columns.lat[k]] && row[columns.lon[k]] && la !== 0 && lo !== 0 && Math.abs(la) <= 90 && Math.abs(lo) <= 180) point = [la, lo];
    }
    const date = row[Object.keys(row)[0]] === undefined ? '' : columns.date(row);
    if (!point || date < from || date > to) continue;
    if (haversineKm(centre.latitude, centre.longitude, point[0], point[1]) > radiusKm) continue;
    totals.crashes += 1;
    totals.injuries += Number(row[columns.injured]);
    totals.fatalities += Number(row[columns.killed]);
  }
  return totals;
}

describe('crash aggregate on the real data', () => {
  it('counts FARS fatal crashes around Des Moines in 2014 exactly', async () => {
    const expected = farsWithin(2014, 41.5868, -93.625, 100);
    const body = (await aggregate({ location: { latitude: 41.5868, longitude: -93.625 }, start_date: '2014-01-01', end_date: '2014-12-31', radius_km: 100 })).json();
    assert.ok(expected.crashes > 20);
    assert.deepEqual([body.total_crashes, body.total_injuries, body.total_fatalities], [expected.crashes, 0, expected.fatalities]);
    assert.equal(body.incomplete_coverage, false);
  });

  it("counts NYC's 2016 window in Manhattan exactly", async () => {
    const centre = { latitude: 40.758, longitude: -73.9855 };
    const expected = cityWithin(
      'nyc/Motor_Vehicle_Collisions_-_Crashes.csv',
      {
        date: (r) => { const [m, d, y] = r.CRASH_DATE.split('/'); return `${y}-${m}-${d}`; },
        lat: ['LATITUDE'],
        lon: ['LONGITUDE'],
        injured: 'INJURED_PERSONS',
        killed: 'KILLED_PERSONS',
      },
      centre,
      5,
      '2016-07-28',
      '2016-08-19',
    );
    const body = (await aggregate({ location: centre, start_date: '2016-07-28', end_date: '2016-08-19', radius_km: 5 })).json();
    assert.ok(expected.crashes > 500);
    assert.deepEqual([body.total_crashes, body.total_injuries, body.total_fatalities], [expected.crashes, expected.injuries, expected.fatalities]);
    assert.equal(body.incomplete_coverage, true, 'no source claims New York for 2016');
  });

  it('counts San Francisco 2018 exactly', async () => {
    const centre = { latitude: 37.7749, longitude: -122.4194 };
    const file = 'ca_switrs/san_francisco_2018/Collisions.csv';
    const expected = cityWithin(
      file,
      {
        date: (r) => r.COLLISION_DATE.slice(0, 10),
        lat: ['POINT_Y', 'LATITUDE'],
        lon: ['POINT_X', 'LONGITUDE'],
        injured: 'NUMBER_INJURED',
        killed: 'NUMBER_KILLED',
      },
      centre,
      10,
      '2018-01-01',
      '2018-12-31',
    );
    const body = (await aggregate({ location: centre, start_date: '2018-01-01', end_date: '2018-12-31', radius_km: 10 })).json();
    assert.ok(expected.crashes > 3000);
    assert.deepEqual([body.total_crashes, body.total_injuries, body.total_fatalities], [expected.crashes, expected.injuries, expected.fatalities]);
  });

  it('counts FARS fatal crashes around Denver in 2015 exactly', async () => {
    const expected = farsWithin(2015, 39.7392, -104.9903, 50);
    const res = await aggregate({ location: { latitude: 39.7392, longitude: -104.9903 }, start_date: '2015-01-01', end_date: '2015-12-31', radius_km: 50 });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.ok(expected.crashes > 50);
    assert.equal(body.total_crashes, expected.crashes);
    assert.equal(body.total_fatalities, expected.fatalities);
    assert.equal(body.total_injuries, 0, 'FARS carries no injury counts');
    assert.equal(body.incomplete_coverage, false);
    assert.deepEqual(body.coverage, [{ usstate: 'CO', years: [2015] }]);
  });

  it('takes a partial year range on the crash date, inclusive', async () => {
    const expected = farsWithin(2014, 33.4484, -112.074, 100, [3, 5]);
    const res = await aggregate({ location: { latitude: 33.4484, longitude: -112.074 }, start_date: '2014-03-01', end_date: '2014-05-31', radius_km: 100 });
    assert.equal(res.json().total_crashes, expected.crashes);
    assert.equal(res.json().total_fatalities, expected.fatalities);
  });

  it('echoes the dates and radius as received, using the date part of a date-time', async () => {
    const res = await aggregate({ location: { latitude: 39.7392, longitude: -104.9903 }, start_date: '2015-01-01T08:30:00', end_date: '2015-12-31', radius_km: '50' });
    const body = res.json();
    assert.equal(body.start_date, '2015-01-01T08:30:00');
    assert.equal(body.radius_km, 50);
    assert.equal(body.total_crashes, farsWithin(2015, 39.7392, -104.9903, 50).crashes);
  });

  it('counts a fatal crash reported by FARS and SWITRS once (Oakland 2013-2014)', async () => {
    const point = { latitude: 37.8044, longitude: -122.2712 };
    const body = (await aggregate({ location: point, start_date: '2013-01-01', end_date: '2014-12-31', radius_km: 5 })).json();
    const fars = [2013, 2014].map((y) => farsWithin(y, point.latitude, point.longitude, 5));
    const farsFatal = fars[0].fatalities + fars[1].fatalities;
    // SWITRS adds the injury crashes; the fatal ones are in both sources and counted once.
    assert.ok(body.total_injuries > 1000);
    assert.ok(body.total_fatalities >= farsFatal && body.total_fatalities <= farsFatal + 5, `${body.total_fatalities} vs FARS ${farsFatal}`);
    const withoutDedupe = body.total_crashes + fars[0].crashes + fars[1].crashes;
    assert.ok(body.total_crashes < withoutDedupe);
  });

  it('flags incomplete coverage for years no source covers', async () => {
    const body = (await aggregate({ location: { latitude: 39.7392, longitude: -104.9903 }, start_date: '2015-06-01', end_date: '2016-06-01', radius_km: 10 })).json();
    assert.equal(body.incomplete_coverage, true);
  });

  it('geocodes an address and echoes the point used', async () => {
    const res = await aggregate({ location: { address: 'Denver, CO' }, start_date: '2015-01-01', end_date: '2015-12-31', radius_km: 50 });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.ok(Math.abs(body.latitude - 39.74) < 0.2 && Math.abs(body.longitude + 104.99) < 0.2);
  });

  it('answers 422 for an address it cannot geocode', async () => {
    const res = await aggregate({ location: { address: 'Nowhere Special, ZZ' }, start_date: '2015-01-01', end_date: '2015-12-31', radius_km: 5 });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().detail[0].loc, ['body', 'location']);
  });

  it('reports the loaded data version in health', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/v1/health' })).json();
    assert.match(health.data_version, /^[0-9a-f]{16}$/);
  });
});
