import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { computeBehaviour } from '../../../../src/domain/telematics/behaviour/compute-behaviour.ts';
import type { BehaviourDeps } from '../../../../src/domain/telematics/behaviour/behaviour-deps.ts';
import { processTrack } from '../../../../src/domain/telematics/trips/process-track.ts';
import { SyntheticTrack, everywhereKansas } from '../trips/synthetic-track.ts';

const utc: BehaviourDeps = { utcOffsetMinutes: () => 0, crashDensityAt: () => 1 };

function behaviourOf(t: SyntheticTrack, deps: BehaviourDeps = utc) {
  return computeBehaviour(processTrack(t.build(), everywhereKansas), deps);
}

describe('computeBehaviour (synthetic tracks)', () => {
  it('should measure about 24 km for 30 minutes at 30 mph', () => {
    const b = behaviourOf(new SyntheticTrack().point().journey(1800, 30).stop(600));
    // 30 mph × 0.5 h = 15 mi = 24.14 km, less 80 m lost in the two 6 s ramps
    assert.ok(Math.abs(b.distanceKm - 24.14) < 0.15, `distance ${b.distanceKm}`);
    assert.equal(b.harshBrakingEvents, 0);
    assert.equal(b.harshAccelerationEvents, 0);
    assert.equal(b.speedingShare, 0);
  });

  it('should count night in the local time the injected offset gives', () => {
    const start = { lat: 39, lon: -98, iso: '2024-03-01T08:30:00Z' };
    const drive = (): SyntheticTrack => new SyntheticTrack(start).point().drive(3600, 30).stop(600);
    const est = behaviourOf(drive(), { ...utc, utcOffsetMinutes: () => -300 }); // 03:30-04:30 local
    assert.ok(Math.abs(est.nightShare - 0.5) < 0.01, `night ${est.nightShare}`);
    const gmt = behaviourOf(drive()); // 08:30-09:30 local
    assert.equal(gmt.nightShare, 0);
  });

  it('should follow a change of time zone along the route', () => {
    // 01:00Z; west of -97.9 the clock reads 01:xx (night), east of it 06:xx (day): ~323 s are night.
    const start = { lat: 39, lon: -98, iso: '2024-03-01T01:00:00Z' };
    const zoneByLon = (_lat: number, lon: number): number => (lon < -97.9 ? 0 : 300);
    const b = behaviourOf(new SyntheticTrack(start).point().drive(900, 60).stop(600), { ...utc, utcOffsetMinutes: zoneByLon });
    assert.ok(Math.abs(b.nightSeconds - 323) <= 3, `night seconds ${b.nightSeconds}`);
  });

  it('should detect a harsh stop from 60 mph to 0 in 4 s exactly once', () => {
    const t = new SyntheticTrack().point().drive(300, 60).driveProfile(4, (s) => 60 - 15 * s).stop(600);
    const b = behaviourOf(t);
    assert.equal(b.harshBrakingEvents, 1);
    assert.equal(b.harshAccelerationEvents, 0);
    assert.ok(b.harshBrakingPerHour > 0);
  });

  it('should detect a short urban hard stop, 30 mph to 0 in 2.7 s (0.5 g)', () => {
    const t = new SyntheticTrack().point().drive(300, 30).driveProfile(2.7, (s) => 30 - (30 / 2.7) * s, 90, 0.9).stop(600);
    assert.equal(behaviourOf(t).harshBrakingEvents, 1);
  });

  it('should not flag a gentle stop from 60 mph over 20 s (0.14 g)', () => {
    const t = new SyntheticTrack().point().drive(300, 60).driveProfile(20, (s) => 60 - 3 * s).stop(600);
    assert.equal(behaviourOf(t).harshBrakingEvents, 0);
  });

  it('should detect a harsh start from 0 to 30 mph in 3 s (0.46 g) once', () => {
    const t = new SyntheticTrack().point().stop(30).driveProfile(3, (s) => 10 * s).drive(600, 30)
      .driveProfile(6, (s) => 30 - 5 * s) // a gentle 0.23 g stop
      .stop(600);
    const b = behaviourOf(t);
    assert.equal(b.harshAccelerationEvents, 1);
    assert.equal(b.harshBrakingEvents, 0);
  });

  it('should count time above 75 mph as speeding', () => {
    const t = new SyntheticTrack().point().drive(600, 60).drive(600, 80).stop(600);
    const b = behaviourOf(t);
    assert.ok(Math.abs(b.speedingShare - 0.5) < 0.01, `speeding ${b.speedingShare}`);
  });

  it('should weight route crash density by driving time', () => {
    const byLon = (_lat: number, lon: number): number => (lon < -97.9 ? 2 : 4);
    // 901 s at 60 mph: ~323 s west of the line at density 2, ~578 s east at 4 → ~3.28
    const b = behaviourOf(new SyntheticTrack().point().drive(901, 60).stop(600), { ...utc, crashDensityAt: byLon });
    assert.ok(b.routeCrashIntensity !== null);
    assert.ok(Math.abs(b.routeCrashIntensity - (2 * 323 + 4 * 578) / 901) < 0.1, `intensity ${b.routeCrashIntensity}`);
  });

  it('should sample crash density sparsely (at most every 30 s or 500 m)', () => {
    let calls = 0;
    const deps = { ...utc, crashDensityAt: () => (calls++, 1) };
    const b = behaviourOf(new SyntheticTrack().point().drive(3600, 30).stop(600), deps);
    assert.equal(b.routeCrashIntensity, 1);
    assert.ok(calls <= 3600 / 30 + 2, `calls ${calls}`);
  });
});
