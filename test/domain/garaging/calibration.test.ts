import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ReferenceDistribution } from '../../../src/domain/garaging/calibration.ts';

const positive = fc.double({ min: 1e-6, max: 1e6, noNaN: true });

test('the score is the share of the reference below, at mid-ranks', () => {
  const ref = ReferenceDistribution.fromValues([1, 2, 3, 4]);
  assert.equal(ref.cdf(1), 0.125);
  assert.equal(ref.cdf(4), 0.875);
  assert.equal(ref.scoreOf(2), 0.375);
  // halfway between 2 and 3 on a log scale
  assert.ok(Math.abs(ref.cdf(Math.sqrt(6)) - 0.5) < 1e-12);
});

test('ties form one mid-rank; weights count', () => {
  const ref = ReferenceDistribution.fromValues([1, 1, 1, 5], [1, 1, 1, 3]);
  assert.equal(ref.distinctValues, 2);
  assert.equal(ref.cdf(1), 0.25);
  assert.equal(ref.cdf(5), 0.75);
});

test('the CDF is strictly increasing and inside [0, 1], also beyond the reference', () => {
  fc.assert(
    fc.property(fc.array(positive, { minLength: 1, maxLength: 60 }), positive, positive, (values, a, b) => {
      fc.pre(a !== b);
      const ref = ReferenceDistribution.fromValues(values);
      const [lo, hi] = a < b ? [a, b] : [b, a];
      const [fl, fh] = [ref.cdf(lo), ref.cdf(hi)];
      assert.ok(fl >= 0 && fh <= 1, `${fl} ${fh}`);
      // strictly, unless both are so far in a tail that doubles cannot tell them apart
      assert.ok(fh > fl || fh === 0 || 1 - fl < 1e-15 || hi / lo < 1 + 1e-9, `${lo}→${fl} ${hi}→${fh}`);
      assert.ok(ref.scoreOf(hi) >= ref.scoreOf(lo));
      assert.ok(ref.scoreOf(hi) <= 1 && ref.scoreOf(lo) >= 0);
    }),
  );
});

test('quantile inverts the CDF inside the reference', () => {
  const ref = ReferenceDistribution.fromValues([0.1, 0.5, 1, 2, 8]);
  for (const p of [0.15, 0.3, 0.5, 0.77]) assert.ok(Math.abs(ref.cdf(ref.quantile(p)) - p) < 1e-12);
});
