import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  aggregatedRiskScore,
  isVehicleScoreError,
  scoreVehicleTrack,
  toCaItem,
  toPpaItem,
  type TelematicsScoringDeps,
  type VehicleScoreResult,
} from '../../../../src/domain/telematics/scoring/index.ts';
import { isoWithoutZone } from '../../../../src/domain/telematics/scoring/utc-datetime.ts';
import { SyntheticTrack, stateByLongitude } from '../trips/synthetic-track.ts';

const deps: TelematicsScoringDeps<'KS' | 'MO'> = {
  stateOf: stateByLongitude,
  utcOffsetMinutes: () => -360,
  crashDensityAt: () => 2,
  nationalCrashDensity: 1,
};

function scored(t: SyntheticTrack, vehicleId = 'truck-7'): VehicleScoreResult<'KS' | 'MO'> {
  const r = scoreVehicleTrack({ vehicleId, ...t.build() }, deps);
  if (isVehicleScoreError(r)) assert.fail(r.error_reason);
  return r;
}

describe('scoreVehicleTrack (synthetic tracks)', () => {
  it('should score a 30-minute drive with its metadata, factors and figures', () => {
    const r = scored(new SyntheticTrack().point().journey(1800, 30).stop(600));
    assert.equal(r.vehicle_id, 'truck-7');
    assert.equal(r.num_trips, 1);
    assert.ok(Math.abs(r.exposure_seconds - 1800) <= 5);
    assert.equal(r.start, '2024-03-01T08:00:00');
    assert.equal(r.end, '2024-03-01T08:40:00');
    assert.ok(r.vehicle_risk_score >= 0 && r.vehicle_risk_score <= 1);
    assert.equal(r.factors.length, 3);
    assert.ok(Math.abs(r.figures.distance_km - 24.1) < 0.2);
    assert.equal(r.figures.relative_route_crash_intensity, 2);
    assert.deepEqual(r.states, ['MO', 'KS']);
  });

  it('should rank a vehicle driving at night above the same drive by day', () => {
    const day = scored(new SyntheticTrack({ lat: 39, lon: -98, iso: '2024-03-01T15:00:00Z' }).point().journey(1800, 30).stop(600));
    const night = scored(new SyntheticTrack({ lat: 39, lon: -98, iso: '2024-03-01T07:00:00Z' }).point().journey(1800, 30).stop(600));
    assert.ok(night.figures.night_share > 0.9);
    assert.ok(night.vehicle_risk_score > day.vehicle_risk_score);
    assert.equal(night.factors[0].name, 'night_share');
  });

  it('should give an error entry instead of a score for under 10 minutes of driving', () => {
    const r = scoreVehicleTrack({ vehicleId: 'v1', ...new SyntheticTrack().point().journey(300, 30).stop(600).build() }, deps);
    assert.ok(isVehicleScoreError(r));
    assert.equal(r.vehicle_id, 'v1');
    assert.match(r.error_reason, /too little driving to judge/);
  });

  it('should say so when every point is unusable', () => {
    const t = { vehicleId: 'v2', latitude: Float64Array.of(0, 0), longitude: Float64Array.of(0, 0), epochMs: Float64Array.of(0, 1000) };
    const r = scoreVehicleTrack(t, deps);
    assert.ok(isVehicleScoreError(r));
    assert.match(r.error_reason, /no usable GPS points/);
  });

  it('should say so when all driving is outside US states', () => {
    const r = scoreVehicleTrack({ vehicleId: 'v3', ...new SyntheticTrack().point().journey(1800, 30).build() }, { ...deps, stateOf: () => null });
    assert.ok(isVehicleScoreError(r));
    assert.match(r.error_reason, /outside the United States/);
  });
});

describe('result items', () => {
  const r = scored(new SyntheticTrack().point().journey(1800, 30).stop(600));

  it('should build the PPA item of the spec', () => {
    const item = toPpaItem(r, { additive: false });
    assert.deepEqual(Object.keys(item), ['vehicle_id', 'vehicle_risk_score', 'version', 'metadata']);
    assert.equal(item.version, 'v1');
    assert.deepEqual(Object.keys(item.metadata), ['start', 'end', 'num_trips', 'exposure_seconds', 'state_exposure']);
    const sum = item.metadata.state_exposure.reduce((s, e) => s + e.exposure_seconds, 0);
    assert.equal(sum, item.metadata.exposure_seconds);
  });

  it('should build the CA item of the spec, with factors and figures when additive', () => {
    const item = toCaItem(r);
    assert.deepEqual(Object.keys(item), ['vehicle_id', 'vehicle_risk_score', 'telematics_metadata']);
    assert.deepEqual(item.telematics_metadata.states, ['MO', 'KS']);
    assert.equal(item.telematics_metadata.factors?.length, 3);
    assert.ok(item.telematics_metadata.figures !== undefined);
  });
});

describe('aggregatedRiskScore', () => {
  it('should weight scores by exposure', () => {
    assert.equal(
      aggregatedRiskScore([
        { vehicle_risk_score: 0.2, exposure_seconds: 3000 },
        { vehicle_risk_score: 0.8, exposure_seconds: 1000 },
      ]),
      0.35,
    );
  });

  it('should be null without scored vehicles', () => {
    assert.equal(aggregatedRiskScore([]), null);
  });
});

describe('isoWithoutZone', () => {
  it('should write UTC without zone and drop fractional seconds', () => {
    assert.equal(isoWithoutZone(Date.parse('2024-03-01T08:00:00.987Z')), '2024-03-01T08:00:00');
  });
});
