import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cleanTrack } from '../../../../src/domain/telematics/trips/clean-track.ts';
import { SyntheticTrack } from './synthetic-track.ts';

describe('cleanTrack (synthetic tracks)', () => {
  it('should sort points by time when the file is out of order', () => {
    const track = {
      latitude: Float64Array.of(39.0002, 39.0, 39.0001),
      longitude: Float64Array.of(-98, -98, -98),
      epochMs: Float64Array.of(2000, 0, 1000),
    };
    const clean = cleanTrack(track);
    assert.deepEqual(Array.from(clean.tSec), [0, 1, 2]);
    assert.deepEqual(Array.from(clean.lat), [39.0, 39.0001, 39.0002]);
  });

  it('should drop a (0,0) placeholder point', () => {
    const t = new SyntheticTrack().point().drive(10, 30);
    t.raw(0, 0, 500);
    const clean = cleanTrack(t.drive(10, 30).build());
    assert.equal(clean.dropped.nullIsland, 1);
    assert.equal(clean.n, 21);
  });

  it('should keep the first of two points with the same timestamp', () => {
    const t = new SyntheticTrack().point().drive(5, 30);
    t.raw(39.5, -98.0, 0); // same time as the last point, 55 km away
    const clean = cleanTrack(t.drive(5, 30).build());
    assert.equal(clean.dropped.duplicateTimestamp, 1);
    assert.equal(clean.n, 11);
    assert.ok(Math.abs(clean.lat[5] - 39.0) < 0.01);
  });

  it('should drop the jumped-to point of a teleport and keep the track that follows', () => {
    const t = new SyntheticTrack().point().drive(30, 30);
    t.raw(40.5, -98.0, 500); // 166 km in half a second
    const clean = cleanTrack(t.drive(30, 30).build());
    assert.equal(clean.dropped.jump, 1);
    assert.equal(clean.n, 61);
    for (let i = 1; i < clean.n; i++) assert.ok(Math.abs(clean.lat[i] - clean.lat[i - 1]) < 0.001);
  });

  it('should drop a bad first fix once the real track confirms itself', () => {
    const t = new SyntheticTrack();
    t.raw(45.0, -90.0, -1000); // the device's stale fix, one second before the real track
    const clean = cleanTrack(t.point().drive(60, 30).build());
    assert.equal(clean.dropped.jump, 1);
    assert.equal(clean.n, 61);
    assert.ok(Math.abs(clean.lat[0] - 39.0) < 1e-9);
  });

  it('should accept a real relocation after enough agreeing points', () => {
    const t = new SyntheticTrack().point().drive(60, 30).gap(60, 50_000, 0).drive(60, 30);
    const clean = cleanTrack(t.build());
    // 50 km in 61 s is 820 m/s: implausible, so the first 5 points after it wait for confirmation
    // and are then kept, as the vehicle really is there.
    assert.equal(clean.n, 121);
    assert.equal(clean.dropped.jump, 0);
  });
});
