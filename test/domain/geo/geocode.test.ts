import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGeocoder, type GeocodeResult } from '../../../src/domain/geo/geocode.ts';
import { haversineKm } from '../../../src/domain/geo/distance.ts';
import { COUNTIES_FILE } from './source-data.ts';

const geocoder = createGeocoder({ countiesFile: COUNTIES_FILE });
geocoder.preload();

function near(r: GeocodeResult | null, lat: number, lon: number, km: number): GeocodeResult {
  assert.ok(r, 'expected a result');
  const d = haversineKm(r.latitude, r.longitude, lat, lon);
  assert.ok(d <= km, `${r.matched} is ${d.toFixed(1)} km from ${lat},${lon}`);
  return r;
}

const OAKLAND = [37.8044, -122.2712] as const;

test('a street address with ZIP is the ZIP centroid, medium (no street-level data)', () => {
  const r = near(geocoder.geocode({ address: '1 Main St, Oakland, CA 94607' }), ...OAKLAND, 5);
  assert.equal(r.confidence, 'medium');
  assert.equal(r.usstate, 'CA');
  assert.match(r.matched, /ZIP 94607/);
});

test('ZIP+4 resolves to the 5-digit centroid and says so; still medium, never high', () => {
  const r = geocoder.geocode({ address: '1 Main St, Oakland, CA 94607-1234' })!;
  const five = geocoder.geocode({ address: '94607' })!;
  assert.equal(r.confidence, 'medium');
  assert.deepEqual([r.latitude, r.longitude], [five.latitude, five.longitude]);
  assert.match(r.matched, /ZIP\+4/);
});

test('a bare ZIP is medium', () => {
  const r = near(geocoder.geocode({ address: '94607' }), ...OAKLAND, 5);
  assert.equal(r.confidence, 'medium');
});

test('city and state is the city centroid, low', () => {
  const r = near(geocoder.geocode({ address: 'Oakland, CA' }), ...OAKLAND, 2);
  assert.equal(r.confidence, 'low');
  assert.equal(r.usstate, 'CA');
});

test('county names resolve to the county internal point, low', () => {
  const r = near(geocoder.geocode({ address: 'Alameda County, CA' }), 37.648081, -121.913304, 0.01);
  assert.equal(r.confidence, 'low');
  assert.match(r.matched, /county/);
  assert.equal(geocoder.geocode({ address: 'Orleans Parish, Louisiana' })?.usstate, 'LA');
});

test('structured addresses: ZIP first, else city + state', () => {
  const withZip = geocoder.geocode({ street: '1 Main St', city: 'Oakland', state: 'CA', postal_code: '94607' });
  assert.equal(withZip?.confidence, 'medium');
  const noZip = near(geocoder.geocode({ city: 'Oakland', state: 'California' }), ...OAKLAND, 2);
  assert.equal(noZip.confidence, 'low');
  assert.equal(geocoder.geocode({ postal_code: '10001' })?.usstate, 'NY');
});

test('tolerates case, spacing and common abbreviations', () => {
  const a = geocoder.geocode({ address: 'Oakland, CA' });
  assert.deepEqual(geocoder.geocode({ address: '   oakland ,   ca  ' }), a);
  assert.deepEqual(geocoder.geocode({ address: 'OAKLAND CA' }), a);
  near(geocoder.geocode({ address: 'St. Louis, MO' }), 38.627, -90.198, 3);
  near(geocoder.geocode({ address: 'ft myers fl' }), 26.62, -81.84, 3);
  near(geocoder.geocode({ address: 'Canon City, CO' }), 38.44, -105.24, 3);
  near(geocoder.geocode({ address: 'New York, NY' }), 40.758, -73.985, 10);
  near(geocoder.geocode({ address: 'Washington, DC' }), 38.895, -77.036, 5);
});

test('unknown places, foreign places and a state alone cannot be geocoded', () => {
  assert.equal(geocoder.geocode({ address: 'Xyzzyville, CA' }), null);
  assert.equal(geocoder.geocode({ address: 'Nowhere at all' }), null);
  assert.equal(geocoder.geocode({ address: '00000' }), null);
  assert.equal(geocoder.geocode({ address: 'Toronto, ON' }), null);
  assert.equal(geocoder.geocode({ city: 'San Juan', state: 'PR' }), null);
  assert.equal(geocoder.geocode({ address: 'California' }), null);
  assert.equal(geocoder.geocode({}), null);
});

test('a city without a state only when one state has it', () => {
  assert.equal(geocoder.geocode({ address: 'Chicago' })?.usstate, 'IL');
  assert.equal(geocoder.geocode({ address: 'Springfield' }), null);
});

test('ZIP and state disagree: the city in the given state wins, else a city matching the ZIP, else null', () => {
  const cityWins = geocoder.geocode({ postal_code: '10001', state: 'CA', city: 'Los Angeles' });
  assert.equal(cityWins?.usstate, 'CA');
  assert.equal(cityWins?.confidence, 'low');
  const zipWins = geocoder.geocode({ postal_code: '10001', state: 'CA', city: 'New York' });
  assert.equal(zipWins?.usstate, 'NY');
  assert.equal(zipWins?.confidence, 'medium');
  assert.equal(geocoder.geocode({ postal_code: '10001', state: 'CA' }), null);
});

test('a ZIP whose table entry is far outside its own state is ignored', () => {
  // zipcodes has 10200 "New York, NY" at 73.95°E (a sign error).
  assert.equal(geocoder.geocode({ address: '10200' }), null);
  assert.equal(geocoder.geocode({ address: 'New York, NY 10200' })?.confidence, 'low');
});

test('without a counties file, counties are not geocoded but the rest works', () => {
  const plain = createGeocoder();
  assert.equal(plain.geocode({ address: 'Alameda County, CA' }), null);
  assert.equal(plain.geocode({ address: '94607' })?.usstate, 'CA');
});
