// The scorer's contract on SYNTHETIC data (synthetic.ts): response shape, dates, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate } from '../../../src/http/validation/pydantic.ts';
import { CaGaragingResponse, PpaGaragingResponse } from '../../../src/http/schemas/garaging.ts';
import { createGaragingScorer, FACTOR_COUNT, type GaragingRequestBody } from '../../../src/domain/garaging/garaging-scorer.ts';
import type { GeocodeResult } from '../../../src/domain/geo/geocode.ts';
import { CA_CITY, syntheticInputs, syntheticStates, TX_CITY } from './synthetic.ts';

const inputs = syntheticInputs();
const TITLES: Record<string, string> = { '48': 'Transportation and Warehousing', '484110': 'General Freight Trucking, Local' };
const naics = { lookup: (code: string) => (TITLES[code] ? { code, description: TITLES[code] } : null) };
const geocoder = {
  geocode(input: { address: string } | { city?: string; state?: string }): GeocodeResult | null {
    const text = 'address' in input ? input.address : `${input.city}, ${input.state}`;
    if (text.includes('Fresno')) return { latitude: CA_CITY.latitude, longitude: CA_CITY.longitude, confidence: 'medium', usstate: 'CA', matched: 'ZIP' };
    if (text.includes('Honolulu')) return { latitude: 21.3, longitude: -157.85, confidence: 'low', usstate: 'HI', matched: 'city' };
    return null;
  },
};
const scorer = createGaragingScorer({ inputs, states: syntheticStates, geocoder, naics, now: () => new Date('2016-03-01T12:00:00Z') });

const request = (over: Partial<GaragingRequestBody> = {}): GaragingRequestBody => ({
  policy_holder_id: 'ph-1',
  effective_date: '2015-01-01',
  vehicles: [
    { vehicle_id: 'a', garaging_location: CA_CITY, body_type: 'pickup-truck' },
    { vehicle_id: 'b', garaging_location: TX_CITY },
  ],
  ...over,
});

test('a CA response has the spec shape, with naics_code metadata and no errors', () => {
  const body = scorer.scoreSync('ca', request({ naics_code: '484110' }));
  assert.ok(validate(CaGaragingResponse, body, ['response']).ok);
  assert.equal(body.job_type, 'ca-garaging-risk-score');
  assert.equal(body.version, 'v2');
  assert.equal(body.policy_holder_id, 'ph-1');
  assert.equal(body.errors, null);
  assert.equal(body.vehicle_risk_scores.length, 2);
  const [a, b] = body.vehicle_risk_scores;
  assert.deepEqual(Object.keys(a.metadata).sort(), ['coverage', 'effective_date', 'factors', 'garaging_location', 'naics_code']);
  assert.deepEqual(a.metadata.naics_code, { code: '484110', description: 'General Freight Trucking, Local' });
  assert.deepEqual(a.metadata.garaging_location, { latitude: CA_CITY.latitude, longitude: CA_CITY.longitude, usstate: 'CA', urbanicity: a.metadata.garaging_location.urbanicity });
  assert.deepEqual(a.metadata.coverage, [{ usstate: 'CA', years: [2013, 2014] }]);
  assert.equal(a.metadata.effective_date, '2015-01-01T00:00:00Z');
  assert.equal(body.aggregated_risk_score, Math.round(((a.vehicle_risk_score + b.vehicle_risk_score) / 2) * 1e4) / 1e4);
  assert.ok(a.metadata.factors.length <= FACTOR_COUNT && a.metadata.factors.length > 0);
  assert.ok(a.metadata.factors.some((f) => f.name === 'industry: NAICS 48 Transportation and Warehousing' && f.effect === 1.4));
});

test('a PPA response has its job type and no naics_code metadata; a CA one without a code has null', () => {
  const ppa = scorer.scoreSync('ppa', request());
  assert.ok(validate(PpaGaragingResponse, ppa, ['response']).ok);
  assert.equal(ppa.job_type, 'ppa-garaging-risk-score');
  assert.ok(!('naics_code' in ppa.vehicle_risk_scores[0].metadata));
  assert.equal(scorer.scoreSync('ca', request()).vehicle_risk_scores[0].metadata.naics_code, null);
});

test('effective_date: bare date and zone-less values are UTC, offsets convert, absent is now', () => {
  const echo = (effective_date: string | null) => scorer.scoreSync('ppa', request({ effective_date })).vehicle_risk_scores[0].metadata.effective_date;
  assert.equal(echo('2015-06-01'), '2015-06-01T00:00:00Z');
  assert.equal(echo('2015-06-01T10:30:00'), '2015-06-01T10:30:00Z');
  assert.equal(echo('2015-06-01T10:30:00+02:00'), '2015-06-01T08:30:00Z');
  assert.equal(echo(null), '2016-03-01T12:00:00Z');
  const now = scorer.scoreSync('ppa', request({ effective_date: undefined })).vehicle_risk_scores[0];
  assert.deepEqual(now.metadata.coverage, [{ usstate: 'CA', years: [2013, 2014, 2015] }]);
});

test('the version is echoed; v1 lists the crash intensity only', () => {
  const v1 = scorer.scoreSync('ca', request({ version: 'v1', naics_code: '484110' }));
  assert.equal(v1.version, 'v1');
  assert.deepEqual(v1.vehicle_risk_scores[0].metadata.factors.map((f) => f.name), ['local crash intensity']);
});

test('vehicles that cannot be scored are errors, with the state when known', () => {
  const body = scorer.scoreSync('ca', request({
    vehicles: [
      { vehicle_id: 'water', garaging_location: { latitude: 30, longitude: -110 } },
      { vehicle_id: 'nowhere', garaging_location: { street: '1 Main St', city: 'Nowhere', state: 'TX', postal_code: null } },
      { vehicle_id: 'hawaii', garaging_location: { address: '1 Aloha St, Honolulu, HI' } },
      { vehicle_id: 'fresno', garaging_location: { address: '2 Fulton St, Fresno, CA' } },
    ],
  }));
  assert.deepEqual(body.errors!.map((e) => [e.vehicle_id, e.usstate, e.effective_date]), [
    ['water', null, '2015-01-01T00:00:00Z'],
    ['nowhere', 'TX', '2015-01-01T00:00:00Z'],
    ['hawaii', 'HI', '2015-01-01T00:00:00Z'],
  ]);
  assert.match(body.errors![0].error_reason, /not in a US state/);
  assert.match(body.errors![1].error_reason, /could not be geocoded/);
  assert.match(body.errors![2].error_reason, /outside the continental United States/);
  assert.deepEqual(body.vehicle_risk_scores.map((v) => v.vehicle_id), ['fresno']);
  assert.equal(body.vehicle_risk_scores[0].metadata.garaging_location.geocoding_confidence, 'medium');
});

test('no crash data on or before the effective date is an error naming the state', () => {
  const body = scorer.scoreSync('ppa', request({ effective_date: '2010-01-01' }));
  assert.deepEqual(body.vehicle_risk_scores, []);
  assert.equal(body.aggregated_risk_score, null);
  assert.equal(body.errors![0].usstate, 'CA');
  assert.equal(body.errors![0].error_reason, 'no crash data for CA on or before 2010-01-01 (years of data: 2013-2015)');
});

test('the denser, crash-heavier place scores higher', () => {
  const [city, edge] = scorer.scoreSync('ppa', request({
    vehicles: [{ vehicle_id: 'city', garaging_location: CA_CITY }, { vehicle_id: 'edge', garaging_location: { latitude: 37.4, longitude: -118.6 } }],
  })).vehicle_risk_scores;
  assert.ok(city.vehicle_risk_score > edge.vehicle_risk_score);
});
