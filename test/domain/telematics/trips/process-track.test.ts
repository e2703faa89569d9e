import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { processTrack } from '../../../../src/domain/telematics/trips/process-track.ts';
import { SyntheticTrack, everywhereKansas, stateByLongitude } from './synthetic-track.ts';

describe('processTrack: trips and exposure (synthetic tracks)', () => {
  it('should find one trip of about 1800 s in a 30-minute drive at a constant 30 mph', () => {
    const t = new SyntheticTrack().point().stop(60).drive(1800, 30).stop(600);
    const p = processTrack(t.build(), everywhereKansas);
    assert.equal(p.trips.count, 1);
    assert.ok(Math.abs(p.exposureSeconds - 1800) <= 5, `exposure ${p.exposureSeconds}`);
    assert.equal(p.firstEpochMs, Date.parse('2024-03-01T08:00:00Z'));
  });

  it('should split two drives separated by a 10-minute stop into 2 trips', () => {
    const t = new SyntheticTrack().point().drive(600, 30).stop(600).drive(600, 30);
    const p = processTrack(t.build(), everywhereKansas);
    assert.equal(p.trips.count, 2);
    assert.ok(Math.abs(p.exposureSeconds - 1200) <= 6, `exposure ${p.exposureSeconds}`);
  });

  it('should keep a 2-minute stop inside the trip and count it as driving time', () => {
    const t = new SyntheticTrack().point().drive(600, 30).stop(120).drive(600, 30);
    const p = processTrack(t.build(), everywhereKansas);
    assert.equal(p.trips.count, 1);
    assert.ok(Math.abs(p.exposureSeconds - 1320) <= 6, `exposure ${p.exposureSeconds}`);
  });

  it('should split a trip at a 20-minute GPS gap and not count the gap', () => {
    const t = new SyntheticTrack().point().drive(600, 30).gap(1200, 16_000).drive(600, 30);
    const p = processTrack(t.build(), everywhereKansas);
    assert.equal(p.trips.count, 2);
    assert.ok(p.exposureSeconds < 1210, `exposure ${p.exposureSeconds}`);
  });

  it('should not make trips out of a parked receiver jittering by ±4 m', () => {
    const t = new SyntheticTrack().point().stop(3600, 1, 4);
    const p = processTrack(t.build(), everywhereKansas);
    assert.equal(p.trips.count, 0);
    assert.equal(p.exposureSeconds, 0);
  });

  it('should ignore a (0,0) point and a teleport inside a drive', () => {
    const t = new SyntheticTrack().point().drive(600, 30);
    t.raw(0, 0, 300).raw(41.0, -98.0, 600);
    const p = processTrack(t.drive(600, 30).build(), everywhereKansas);
    assert.equal(p.trips.count, 1);
    assert.equal(p.track.dropped.nullIsland, 1);
    assert.equal(p.track.dropped.jump, 1);
    assert.ok(Math.abs(p.exposureSeconds - 1200) <= 5);
  });

  it('should split exposure at a state border: integer seconds sum to the total, shares to 1', () => {
    // Eastward from lon -98.0 at 60 mph: the synthetic border at -97.9 is ~8.7 km ahead.
    const t = new SyntheticTrack().point().drive(901, 60).stop(600);
    const p = processTrack(t.build(), stateByLongitude);
    assert.equal(p.trips.count, 1);
    assert.deepEqual(p.stateExposure.map((e) => e.usstate), ['MO', 'KS']);
    const seconds = p.stateExposure.reduce((s, e) => s + e.exposure_seconds, 0);
    assert.equal(seconds, p.exposureSeconds);
    const shares = p.stateExposure.reduce((s, e) => s + e.share, 0);
    assert.ok(Math.abs(shares - 1) < 1e-12);
    for (const e of p.stateExposure) assert.ok(Number.isInteger(e.exposure_seconds));
    // 8.66 km at 26.82 m/s is 323 s in Kansas
    const ks = p.stateExposure.find((e) => e.usstate === 'KS');
    assert.ok(ks !== undefined && Math.abs(ks.exposure_seconds - 323) <= 3, `KS ${ks?.exposure_seconds}`);
  });

  it('should give an interval in no state the state driven just before it', () => {
    const holeAt = (lat: number, lon: number): 'KS' | null => (lon > -97.95 && lon < -97.94 ? null : 'KS');
    const t = new SyntheticTrack().point().drive(600, 60).stop(600);
    const p = processTrack(t.build(), holeAt);
    assert.deepEqual(p.stateExposure.map((e) => e.usstate), ['KS']);
    assert.equal(p.stateExposure[0].exposure_seconds, p.exposureSeconds);
  });

  it('should drop a trip driven wholly outside US states', () => {
    const nowhere = (): null => null;
    const p = processTrack(new SyntheticTrack().point().drive(900, 30).build(), nowhere);
    assert.equal(p.trips.count, 0);
    assert.equal(p.exposureSeconds, 0);
    assert.deepEqual(p.stateExposure, []);
  });

  it('should handle an empty track', () => {
    const empty = { latitude: new Float64Array(0), longitude: new Float64Array(0), epochMs: new Float64Array(0) };
    const p = processTrack(empty, everywhereKansas);
    assert.equal(p.trips.count, 0);
    assert.equal(p.firstEpochMs, null);
  });
});

describe('processTrack with sparse sampling (synthetic tracks)', () => {
  it('should find the trip and its exposure in points 30 s apart', () => {
    const t = new SyntheticTrack().point().drive(1800, 30, 90, 30).stop(900, 30);
    const p = processTrack(t.build(), everywhereKansas);
    assert.equal(p.trips.count, 1);
    assert.ok(Math.abs(p.exposureSeconds - 1800) <= 30, `exposure ${p.exposureSeconds}`);
  });
});
