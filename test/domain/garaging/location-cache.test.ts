// The location cache must be invisible in answers: a scorer that keeps recent locations answers
// exactly as one that keeps none, whatever the order of points, repeats, effective dates and
// evictions (SYNTHETIC inputs, synthetic.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createGaragingScorer, type GaragingRequestBody } from '../../../src/domain/garaging/garaging-scorer.ts';
import { bucketOf, LocationCache, pointKey } from '../../../src/domain/garaging/location-cache.ts';
import { WindowModels } from '../../../src/domain/garaging/window-models.ts';
import type { WindowModel } from '../../../src/domain/garaging/window-model.ts';
import { CA_CITY, syntheticInputs, syntheticStates, TX_CITY } from './synthetic.ts';

const inputs = syntheticInputs();
const windowModels = new WindowModels(inputs);
const now = () => new Date('2016-03-01T12:00:00Z');
const uncached = createGaragingScorer({ inputs, states: syntheticStates, now, windowModels, locationCacheEntries: 0 });

const nearby = (base: { latitude: number; longitude: number }) =>
  fc.record({ dLat: fc.integer({ min: -3, max: 3 }), dLon: fc.integer({ min: -3, max: 3 }) })
    .map(({ dLat, dLon }) => ({ latitude: base.latitude + dLat * 0.01, longitude: base.longitude + dLon * 0.01 }));
const point = fc.oneof(nearby(CA_CITY), nearby(TX_CITY));
const requestArb = fc.record({
  points: fc.array(point, { minLength: 1, maxLength: 12 }),
  effective: fc.constantFrom('2014-06-01', '2015-01-01', '2016-01-01'),
  version: fc.constantFrom('v1' as const, 'v2' as const),
});

test('property: a scorer with a (small, evicting) location cache answers exactly as one without', () => {
  fc.assert(
    fc.property(fc.array(requestArb, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 6 }), (requests, capacity) => {
      const cached = createGaragingScorer({ inputs, states: syntheticStates, now, windowModels, locationCacheEntries: capacity });
      for (const r of requests) {
        const body: GaragingRequestBody = {
          policy_holder_id: 'ph',
          effective_date: r.effective,
          version: r.version,
          vehicles: r.points.map((p, i) => ({ vehicle_id: `v${i}`, garaging_location: p })),
        };
        assert.deepEqual(cached.scoreSync('ppa', body), uncached.scoreSync('ppa', body));
      }
    }),
    { numRuns: 60 },
  );
});

test('the cache keeps between half its capacity and its capacity, and assesses a repeated point once', () => {
  const cache = new LocationCache(4);
  const model = {} as WindowModel; // only its identity matters to the cache
  let calls = 0;
  const get = (m: WindowModel, lat: number, lon: number) => {
    const kept = cache.find(m, lat, lon);
    if (kept) return kept;
    calls++;
    const entry = { model: m, latitude: lat, longitude: lon, assessment: {} as never, coverage: [], scores: new Map() };
    cache.add(entry);
    return entry;
  };
  const first = get(model, 1, 1);
  assert.equal(get(model, 1, 1), first);
  assert.equal(calls, 1);
  for (let i = 2; i <= 5; i++) get(model, i, i);
  assert.equal(calls, 5);
  assert.ok(cache.size <= 4);
  get(model, 5, 5); // recent: kept
  assert.equal(calls, 5);
  get(model, 1, 1); // oldest: dropped
  assert.equal(calls, 6);
  // Another model object is another key, and capacity 0 keeps nothing.
  get({} as WindowModel, 5, 5);
  assert.equal(calls, 7);
  const none = new LocationCache(0);
  none.add({ model, latitude: 1, longitude: 1, assessment: {} as never, coverage: [], scores: new Map() });
  assert.equal(none.find(model, 1, 1), undefined);
  assert.equal(none.size, 0);
});

test('a location is kept from its second sight on; a first sight keeps nothing but its key', () => {
  const model = {} as WindowModel;
  const entry = (lat: number, lon: number) => ({ model, latitude: lat, longitude: lon, assessment: {} as never, coverage: [], scores: new Map() });
  // A book of 2,000 nearby locations (keys that differ in a few mantissa bits), seen twice, then again.
  const cache = new LocationCache(20_000);
  const book = Array.from({ length: 2_000 }, (_, i) => [40 + (i % 50) * 1e-4, -100 - Math.floor(i / 50) * 1e-4]);
  for (const [lat, lon] of book) assert.equal(cache.offer(entry(lat, lon)), false);
  assert.equal(cache.size, 0, 'locations seen once are not kept');
  const kept = book.filter(([lat, lon]) => cache.offer(entry(lat, lon))).length;
  assert.equal(kept, 2_000, 'kept on the second sight');
  // The smallest table, LocationCache(1): 8 slots, two buckets of four, chosen by the hash's top
  // bit (a shift of 31). Five locations of one bucket:
  const sameBucket = Array.from({ length: 200 }, (_, d) => entry(d, d)).filter((e) => bucketOf(pointKey(e.latitude, e.longitude), 31) === 0).slice(0, 5);
  assert.equal(sameBucket.length, 5);
  const four = sameBucket.slice(0, 4);
  // four that come round in turn are all admitted on their second sight;
  const tiny = new LocationCache(1);
  assert.deepEqual([...four, ...four].map((e) => tiny.offer(e)), [false, false, false, false, true, true, true, true]);
  // a fifth pushes the oldest out of the bucket: it is a first sight again, the fifth is not.
  const full = new LocationCache(1);
  assert.deepEqual([...sameBucket, sameBucket[0], sameBucket[4]].map((e) => full.offer(e)), [false, false, false, false, false, false, true]);
  assert.equal(new LocationCache(0).offer(entry(1, 1)), false);
});
