// The location cache must be invisible in answers: a scorer that keeps recent locations answers
// exactly as one that keeps none, whatever the order of points, repeats, effective dates and
// evictions (SYNTHETIC inputs, synthetic.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createGaragingScorer, type GaragingRequestBody } from '../../../src/domain/garaging/garaging-scorer.ts';
import { LocationCache } from '../../../src/domain/garaging/location-cache.ts';
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

test('the cache keeps at most its capacity and assesses a repeated point once', () => {
  const cache = new LocationCache(2);
  const model = {} as WindowModel; // only its identity matters to the cache
  let calls = 0;
  const assess = () => (calls++, { assessment: {} as never, coverage: [] });
  cache.get(model, 1, 1, assess);
  cache.get(model, 1, 1, assess);
  assert.equal(calls, 1);
  cache.get(model, 2, 2, assess);
  cache.get(model, 3, 3, assess);
  assert.equal(cache.size, 2);
  cache.get(model, 1, 1, assess); // evicted as least recently used
  assert.equal(calls, 4);
  assert.equal(new LocationCache(0).size, 0);
});
