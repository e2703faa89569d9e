import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  EARTH_RADIUS_KM, bboxContains, boundingBox, haversineKm, wrapLon,
} from '../../../src/domain/geo/distance.ts';

test('uses the WGS84 mean radius of decisions.md §6', () => {
  assert.equal(EARTH_RADIUS_KM, 6371.0088);
});

test('one degree of latitude is R·π/180 km', () => {
  assert.ok(Math.abs(haversineKm(10, 20, 11, 20) - (6371.0088 * Math.PI) / 180) < 1e-9);
});

test('known pair: LAX to JFK is 0.623585 rad of arc (Williams, Aviation Formulary worked example)', () => {
  const d = haversineKm(33 + 57 / 60, -(118 + 24 / 60), 40 + 38 / 60, -(73 + 47 / 60));
  assert.ok(Math.abs(d - 0.623585 * 6371.0088) < 0.01, `got ${d}`);
});

test('is symmetric, zero on the same point, and handles the antimeridian', () => {
  assert.equal(haversineKm(37.8, -122.27, 37.8, -122.27), 0);
  assert.equal(haversineKm(1, 2, 3, 4), haversineKm(3, 4, 1, 2));
  assert.ok(Math.abs(haversineKm(52, 179.9, 52, -179.9) - haversineKm(52, 0, 52, 0.2)) < 1e-9);
});

test('wrapLon folds into [-180, 180)', () => {
  assert.equal(wrapLon(180), -180);
  assert.equal(wrapLon(190), -170);
  assert.equal(wrapLon(-190), 170);
  assert.equal(wrapLon(-75), -75);
});

test('a pole inside the radius gives every longitude', () => {
  const box = boundingBox(89.5, 10, 100);
  assert.equal(box.minLon, -180);
  assert.equal(box.maxLon, 180);
  assert.equal(box.maxLat, 90);
});

test('a box crossing the antimeridian has minLon > maxLon', () => {
  const box = boundingBox(52, 179.5, 100);
  assert.ok(box.minLon > box.maxLon);
  assert.ok(bboxContains(box, 52, -179.5));
  assert.ok(bboxContains(box, 52, 179.9));
  assert.ok(!bboxContains(box, 52, 0));
});

test('property: every point within the radius lies in the bounding box', () => {
  fc.assert(
    fc.property(
      fc.double({ min: -85, max: 85, noNaN: true }),
      fc.double({ min: -180, max: 179.999, noNaN: true }),
      fc.double({ min: 1, max: 500, noNaN: true }),
      fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      fc.double({ min: 0, max: 0.999, noNaN: true }),
      (lat, lon, r, bearing, frac) => {
        // Destination point at distance frac·r along `bearing` (spherical direct formula).
        const d = (frac * r) / EARTH_RADIUS_KM;
        const p1 = (lat * Math.PI) / 180;
        const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(bearing));
        const l2 = (lon * Math.PI) / 180 + Math.atan2(
          Math.sin(bearing) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
        const lat2 = (p2 * 180) / Math.PI;
        const lon2 = wrapLon((l2 * 180) / Math.PI);
        assert.ok(haversineKm(lat, lon, lat2, lon2) <= r + 1e-6);
        assert.ok(bboxContains(boundingBox(lat, lon, r), lat2, lon2), `${lat2},${lon2}`);
      },
    ),
    { numRuns: 2000 },
  );
});
