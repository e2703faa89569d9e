import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { haversineKm } from '../../../src/domain/geo/distance.ts';
import { DiscSumTree } from '../../../src/domain/garaging/disc-sum-tree.ts';
import { discCounts, windowCrashDiscs } from '../../../src/domain/garaging/crash-intensity.ts';
import { CrashIndex } from '../../../src/domain/crashes/index/crash-index.ts';

// SYNTHETIC points. The truth is the brute-force haversine scan, as everywhere else.
function scan(lat: number[], lon: number[], w: number[], cLat: number, cLon: number, radii: number[]) {
  return radii.map((r) => {
    let count = 0, sum = 0;
    lat.forEach((_, i) => {
      if (haversineKm(cLat, cLon, lat[i], lon[i]) <= r) {
        count++;
        sum += w[i];
      }
    });
    return [count, sum];
  });
}

function query(tree: DiscSumTree, lat: number, lon: number, radii: number[]) {
  const counts = new Float64Array(radii.length), sums = new Float64Array(radii.length);
  tree.discSums(lat, lon, Float64Array.from(radii), counts, sums);
  return radii.map((_, k) => [counts[k], sums[k]]);
}

const radiiArb = fc.uniqueArray(fc.double({ min: 0, max: 80, noNaN: true }), { minLength: 1, maxLength: 6 }).map((r) => r.sort((a, b) => a - b));

test('counts and weights within each disc equal a haversine scan (random points, several radii)', () => {
  fc.assert(
    fc.property(
      fc.record({ lat: fc.double({ min: -80, max: 80, noNaN: true }), lon: fc.double({ min: -180, max: 180, noNaN: true }) }),
      fc.array(fc.record({ dlat: fc.double({ min: -0.6, max: 0.6, noNaN: true }), dlon: fc.double({ min: -0.8, max: 0.8, noNaN: true }), w: fc.integer({ min: 0, max: 3000 }) }), { maxLength: 300 }),
      radiiArb,
      fc.integer({ min: 1, max: 12 }),
      (c, offsets, radii, leafSize) => {
        const lat = offsets.map((o) => Math.max(-90, Math.min(90, c.lat + o.dlat)));
        const lon = offsets.map((o) => ((c.lon + o.dlon + 540) % 360) - 180); // wraps the antimeridian
        const w = offsets.map((o) => o.w);
        const tree = DiscSumTree.build(Float64Array.from(lat), Float64Array.from(lon), Float64Array.from(w), leafSize);
        assert.deepEqual(query(tree, c.lat, c.lon, radii), scan(lat, lon, w, c.lat, c.lon, radii));
      },
    ),
  );
});

test('discs drawn exactly through points, and points a hair inside and outside, are decided as haversine decides', () => {
  fc.assert(
    fc.property(
      fc.record({ lat: fc.double({ min: 25, max: 49, noNaN: true }), lon: fc.double({ min: -124, max: -67, noNaN: true }) }),
      fc.array(fc.record({ dlat: fc.double({ min: -0.2, max: 0.2, noNaN: true }), dlon: fc.double({ min: -0.2, max: 0.2, noNaN: true }) }), { minLength: 1, maxLength: 120 }),
      fc.nat(),
      fc.constantFrom(0, 1e-12, -1e-12, 1e-9, -1e-9),
      (c, offsets, pick, nudge) => {
        const lat = offsets.map((o) => c.lat + o.dlat), lon = offsets.map((o) => c.lon + o.dlon);
        const w = lat.map(() => 1);
        const through = haversineKm(c.lat, c.lon, lat[pick % lat.length], lon[pick % lon.length]) + nudge;
        const radii = [through / 3, Math.max(through / 3, through)];
        const tree = DiscSumTree.build(Float64Array.from(lat), Float64Array.from(lon), undefined, 4);
        assert.deepEqual(query(tree, c.lat, c.lon, radii), scan(lat, lon, w, c.lat, c.lon, radii));
      },
    ),
  );
});

test('a big tree (deep nodes answered from their totals) equals the scan; an empty tree answers 0', () => {
  const n = 20_000;
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const lat: number[] = [], lon: number[] = [], w: number[] = [];
  for (let i = 0; i < n; i++) {
    lat.push(40 + (rnd() - 0.5) * 2);
    lon.push(-88 + (rnd() - 0.5) * 2);
    w.push(Math.floor(rnd() * 100));
  }
  const tree = DiscSumTree.build(Float64Array.from(lat), Float64Array.from(lon), Float64Array.from(w));
  for (const [cLat, cLon] of [[40, -88], [40.9, -87.1], [39.2, -88.9], [42, -88]]) {
    const radii = [0.5, 2, 5, 15, 60];
    assert.deepEqual(query(tree, cLat, cLon, radii), scan(lat, lon, w, cLat, cLon, radii));
  }
  assert.deepEqual(query(DiscSumTree.build([], []), 40, -88, [2, 5]), [[0, 0], [0, 0]]);
  assert.throws(() => query(tree, 40, -88, [5, 2]), /ascending/);
});

test('a window tree holds exactly the fatal crashes of its day ranges: counts equal the crash index over those days', () => {
  const n = 3_000;
  let seed = 11;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const latitude = new Float64Array(n), longitude = new Float64Array(n), day = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    latitude[i] = 34 + rnd() * 0.6;
    longitude[i] = -118.6 + rnd() * 0.6;
    day[i] = 16_000 + Math.floor(rnd() * 2_000);
  }
  const index = CrashIndex.build({ latitude, longitude, day, injuries: new Int32Array(n), fatalities: new Int32Array(n).fill(1) }, { leafSize: 8, dataVersion: 't' });
  const ranges = [{ from: 16_100, to: 16_500 }, { from: 17_000, to: 17_300 }];
  const tree = windowCrashDiscs({ latitude, longitude, day }, ranges);
  const radii = [2, 5, 15];
  for (const [lat, lon] of [[34.3, -118.3], [34.05, -118.55], [34.6, -118.0]]) {
    const expected = radii.map((_, k) => ranges.reduce((sum, r) => sum + index.queryRings(lat, lon, radii, r.from, r.to)[k].crashes, 0));
    assert.deepEqual([...discCounts(tree, lat, lon, Float64Array.from(radii))], expected);
  }
});
