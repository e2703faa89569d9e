// The garaging model on the real shared data (FARS 2013-2015, Oakland SWITRS 2013-2014, 2020 Census
// block groups, NAIC collision losses). Loads in a few seconds.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { defaultCrashSources } from '../../../src/domain/crashes/catalog.ts';
import { createGaragingScorer, type GaragingScorer } from '../../../src/domain/garaging/garaging-scorer.ts';
import type { GaragingInputs } from '../../../src/domain/garaging/inputs.ts';
import { dataWindow, lastUsableDay } from '../../../src/domain/garaging/data-window.ts';
import { loadGaragingInputs } from '../../../src/domain/garaging/loader.ts';
import { assessLocation } from '../../../src/domain/garaging/model.ts';
import { stateLocator } from '../../../src/domain/geo/states.ts';

const SOURCE_DATA = resolve(process.env.ROADRISK_SOURCE_DATA ?? '../shared/data');
const DOWNTOWN_OAKLAND = { latitude: 37.8044, longitude: -122.2712 };
const RURAL_NEVADA = { latitude: 39.5, longitude: -116.5 }; // central Nevada, between Austin and Eureka
const LAKE_MICHIGAN = { latitude: 43.8, longitude: -87.0 };

let inputs: GaragingInputs;
let scorer: GaragingScorer;

before(async () => {
  const sources = defaultCrashSources(SOURCE_DATA).filter((s) => s.name === 'fars' || s.name === 'switrs-oakland');
  inputs = await loadGaragingInputs(SOURCE_DATA, { sources });
  scorer = createGaragingScorer({ inputs, states: stateLocator() });
});

const request = (effective_date: string, version: 'v1' | 'v2' = 'v2') => ({
  policy_holder_id: 'real',
  effective_date,
  version,
  vehicles: [
    { vehicle_id: 'oakland', garaging_location: DOWNTOWN_OAKLAND },
    { vehicle_id: 'nevada', garaging_location: RURAL_NEVADA },
    { vehicle_id: 'lake', garaging_location: LAKE_MICHIGAN },
  ],
});

test('downtown Oakland scores higher than rural Nevada (backtest at 2015-01-01)', () => {
  for (const version of ['v1', 'v2'] as const) {
    const body = scorer.scoreSync('ppa', request('2015-01-01', version));
    const [oakland, nevada] = body.vehicle_risk_scores;
    assert.equal(oakland.vehicle_id, 'oakland');
    assert.ok(oakland.vehicle_risk_score > 0.9, `${oakland.vehicle_risk_score}`);
    assert.ok(nevada.vehicle_risk_score < 0.1, `${nevada.vehicle_risk_score}`);
    assert.equal(oakland.metadata.garaging_location.usstate, 'CA');
    assert.equal(nevada.metadata.garaging_location.urbanicity, 'sparse-rural');
    assert.deepEqual(oakland.metadata.coverage, [{ usstate: 'CA', years: [2013, 2014] }]);
  }
});

test('a point in Lake Michigan is an error without a state', () => {
  const body = scorer.scoreSync('ppa', request('2015-01-01'));
  assert.deepEqual(body.errors, [{
    vehicle_id: 'lake',
    effective_date: '2015-01-01T00:00:00Z',
    usstate: null,
    error_reason: 'garaging location is not in a US state (open water, Canada or Mexico)',
  }]);
});

test('an effective date before any crash data is an error for each vehicle', () => {
  const body = scorer.scoreSync('ppa', request('2010-01-01'));
  assert.deepEqual(body.vehicle_risk_scores, []);
  assert.deepEqual(body.errors!.map((e) => e.error_reason), [
    'no crash data for CA on or before 2010-01-01 (years of data: 2013-2015)',
    'no crash data for NV on or before 2010-01-01 (years of data: 2013-2015)',
    'garaging location is not in a US state (open water, Canada or Mexico)',
  ]);
});

test('later effective dates use the most recent years, up to the last one of FARS', () => {
  const body = scorer.scoreSync('ppa', request('2020-06-01'));
  assert.deepEqual(body.vehicle_risk_scores[0].metadata.coverage, [{ usstate: 'CA', years: [2013, 2014, 2015] }]);
});

test('the state baseline reads NAIC collision losses (Idaho lowest, Louisiana highest)', () => {
  assert.ok(inputs.stateBaseline.relativityOf('ID') < 0.7);
  assert.ok(inputs.stateBaseline.relativityOf('LA') > 1.2);
  assert.equal(inputs.stateBaseline.lossesOf('ID'), 82.75);
});

test("Oakland's injury crashes refine its residents' intensity without raising it as a whole", () => {
  const effective = new Date('2015-01-01T00:00:00Z');
  const lastDay = lastUsableDay(effective);
  const model = scorer.windowModels.get(dataWindow(inputs.national.coverage.get('CA')!, lastDay)!, lastDay);
  assert.deepEqual(model.refinements.map((r) => r.layer.name), ['switrs-oakland']);
  const ref = inputs.reference;
  let national = 0, refined = 0, moved = 0;
  for (let i = 0; i < ref.latitude.length; i++) {
    const a = assessLocation(inputs, model, ref.latitude[i], ref.longitude[i], ref.state[i]);
    if (!a.refinement) continue;
    national += a.nationalIntensity;
    refined += a.intensity;
    if (Math.abs(a.refinement.factor - 1) > 0.05) moved++;
  }
  assert.ok(moved > 10, `${moved} residents' points moved`);
  assert.ok(Math.abs(refined / national - 1) < 0.05, `${refined / national}`);
});
