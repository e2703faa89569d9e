import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_KERNEL, shrunkIntensity } from '../../../src/domain/garaging/crash-intensity.ts';

const counts = fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 2000 }))
  .map(([a, b, c]) => [a, a + b, a + b + c]); // discs are nested: cumulative counts

test('one more crash in any disc never lowers the intensity', () => {
  fc.assert(
    fc.property(counts, fc.integer({ min: 0, max: 2 }), fc.double({ min: 0.01, max: 5, noNaN: true }), fc.double({ min: 1e-5, max: 1, noNaN: true }), (c, disc, years, prior) => {
      const more = c.map((n, k) => (k >= disc ? n + 1 : n));
      assert.ok(shrunkIntensity(more, years, prior) > shrunkIntensity(c, years, prior));
    }),
  );
});

test('a higher prior never lowers the intensity', () => {
  fc.assert(
    fc.property(counts, fc.double({ min: 1e-5, max: 1, noNaN: true }), fc.double({ min: 1.01, max: 10, noNaN: true }), (c, prior, k) => {
      assert.ok(shrunkIntensity(c, 2, prior * k) >= shrunkIntensity(c, 2, prior));
    }),
  );
});

test('without crashes the estimate falls back to the prior; with many it follows the data', () => {
  const prior = 0.05;
  assert.ok(Math.abs(shrunkIntensity([0, 0, 0], 1e-9, prior) - prior) < 1e-6);
  // uniform 1 crash / km² / year everywhere over 100 years: every disc's raw rate is 1
  const r = DEFAULT_KERNEL.radiiKm.map((x) => Math.PI * x * x * 100);
  assert.ok(Math.abs(shrunkIntensity(r, 100, prior) - 1) < 0.01);
});
