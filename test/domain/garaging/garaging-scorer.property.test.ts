// Invariants of the garaging score, on SYNTHETIC crash sets (synthetic.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BODY_TYPE_RELATIVITY } from '../../../src/domain/garaging/body-type.ts';
import { createGaragingScorer, type GaragingRequestBody } from '../../../src/domain/garaging/garaging-scorer.ts';
import { NAICS_SECTOR_RELATIVITY } from '../../../src/domain/garaging/naics-relativity.ts';
import { VEHICLE_TYPES } from '../../../src/domain/vocabulary.ts';
import { CA_BOX, CA_CITY, crash, syntheticFatalCrashes, syntheticInputs, syntheticStates } from './synthetic.ts';

const base = syntheticInputs();
const scorer = createGaragingScorer({ inputs: base, states: syntheticStates });
const KM = 1 / 111.195;

const caPoint = fc.record({
  latitude: fc.double({ min: CA_BOX.minLat + 0.01, max: CA_BOX.maxLat - 0.01, noNaN: true }),
  longitude: fc.double({ min: CA_BOX.minLon + 0.01, max: CA_BOX.maxLon - 0.01, noNaN: true }),
});
const nearCity = fc.record({ dlat: fc.double({ min: -0.4, max: 0.4, noNaN: true }), dlon: fc.double({ min: -0.4, max: 0.4, noNaN: true }) })
  .map(({ dlat, dlon }) => ({ latitude: CA_CITY.latitude + dlat, longitude: CA_CITY.longitude + dlon }));
const effective = fc.constantFrom('2013-03-01', '2014-01-01', '2015-01-01', '2015-07-15T12:00:00', '2016-01-01', '2024-05-05');
const bodyType = fc.constantFrom(...VEHICLE_TYPES);
const sector = fc.constantFrom(...Object.keys(NAICS_SECTOR_RELATIVITY));
const version = fc.constantFrom('v1' as const, 'v2' as const);

const one = (location: { latitude: number; longitude: number }, over: Partial<GaragingRequestBody> = {}): GaragingRequestBody => ({
  policy_holder_id: 'p',
  vehicles: [{ vehicle_id: 'v', garaging_location: location }],
  ...over,
});
const scoreOf = (s: typeof scorer, req: GaragingRequestBody) => s.scoreSync('ca', req).vehicle_risk_scores[0].vehicle_risk_score;

test('scores are in [0, 1] with at most 4 decimals', () => {
  fc.assert(
    fc.property(fc.oneof(caPoint, nearCity), effective, bodyType, sector, version, (p, eff, body, naics, v) => {
      const req = one(p, { effective_date: eff, naics_code: naics, version: v });
      req.vehicles[0].body_type = body;
      const s = scoreOf(scorer, req);
      assert.ok(s >= 0 && s <= 1, String(s));
      assert.equal(Math.round(s * 1e4) / 1e4, s);
    }),
    { numRuns: 300 },
  );
});

test('more crashes nearby never lower a score (same data window model)', () => {
  fc.assert(
    fc.property(nearCity, fc.double({ min: 0, max: 14, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.constantFrom('2013-05-05', '2014-11-30'), version, (p, km, angle, date, v) => {
      const lat = p.latitude + km * KM * Math.sin(angle);
      const lon = p.longitude + (km * KM * Math.cos(angle)) / Math.cos((p.latitude * Math.PI) / 180);
      const more = syntheticInputs({ fatal: [...syntheticFatalCrashes(), crash(lat, lon, date, 'CA', 'fatal')] });
      // The reference and priors belong to the data window; share them to compare like with like.
      const after = createGaragingScorer({ inputs: more, states: syntheticStates, windowModels: scorer.windowModels });
      const req = one(p, { effective_date: '2015-01-01', version: v });
      assert.ok(scoreOf(after, req) >= scoreOf(scorer, req));
    }),
    { numRuns: 40 },
  );
});

test('body type moves the score the way its relativity says', () => {
  fc.assert(
    fc.property(fc.oneof(caPoint, nearCity), bodyType, bodyType, (p, a, b) => {
      fc.pre(BODY_TYPE_RELATIVITY[a] < BODY_TYPE_RELATIVITY[b]);
      const req = (body: typeof a) => ({ ...one(p, { effective_date: '2015-01-01' }), vehicles: [{ vehicle_id: 'v', garaging_location: p, body_type: body }] });
      assert.ok(scoreOf(scorer, req(a)) <= scoreOf(scorer, req(b)));
      assert.ok(scorer.windowModels.size > 0);
    }),
    { numRuns: 200 },
  );
  // and strictly so before rounding: a truck-tractor scores above a golf cart in the city
  const req = (body: 'golf-cart' | 'truck-tractor') => ({ ...one(CA_CITY, { effective_date: '2015-01-01' }), vehicles: [{ vehicle_id: 'v', garaging_location: CA_CITY, body_type: body }] });
  assert.ok(scoreOf(scorer, req('truck-tractor')) > scoreOf(scorer, req('golf-cart')));
});

test('NAICS sector moves the score the way its relativity says', () => {
  fc.assert(
    fc.property(fc.oneof(caPoint, nearCity), sector, sector, (p, a, b) => {
      fc.pre(NAICS_SECTOR_RELATIVITY[a] < NAICS_SECTOR_RELATIVITY[b]);
      assert.ok(scoreOf(scorer, one(p, { effective_date: '2015-01-01', naics_code: a })) <= scoreOf(scorer, one(p, { effective_date: '2015-01-01', naics_code: b })));
    }),
    { numRuns: 200 },
  );
});

test('identical requests give identical answers, also from a fresh scorer', () => {
  const fresh = createGaragingScorer({ inputs: syntheticInputs(), states: syntheticStates });
  fc.assert(
    fc.property(fc.array(fc.oneof(caPoint, nearCity), { minLength: 1, maxLength: 5 }), effective, version, (points, eff, v) => {
      const req: GaragingRequestBody = { policy_holder_id: 'p', effective_date: eff, version: v, vehicles: points.map((p, i) => ({ vehicle_id: String(i), garaging_location: p })) };
      assert.deepEqual(scorer.scoreSync('ca', req), scorer.scoreSync('ca', structuredClone(req)));
      assert.deepEqual(fresh.scoreSync('ca', req), scorer.scoreSync('ca', req));
    }),
    { numRuns: 50 },
  );
});

test('crashes dated on or after the effective date never change a backtest score', () => {
  fc.assert(
    fc.property(nearCity, fc.array(fc.record({ p: nearCity, days: fc.integer({ min: 0, max: 700 }) }), { minLength: 1, maxLength: 30 }), (p, later) => {
      const added = later.map(({ p: c, days }) => crash(c.latitude, c.longitude, new Date(Date.UTC(2015, 0, 1) + days * 86_400_000).toISOString().slice(0, 10), 'CA', 'fatal'));
      // fresh inputs and fresh window models: nothing is shared with the scorer before
      const after = createGaragingScorer({ inputs: syntheticInputs({ fatal: [...syntheticFatalCrashes(), ...added] }), states: syntheticStates });
      for (const v of ['v1', 'v2'] as const) {
        const req = one(p, { effective_date: '2015-01-01', version: v });
        assert.deepEqual(after.scoreSync('ca', req), scorer.scoreSync('ca', req));
      }
    }),
    { numRuns: 25 },
  );
});
