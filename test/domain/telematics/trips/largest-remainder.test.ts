import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { largestRemainder } from '../../../../src/domain/telematics/trips/largest-remainder.ts';
import { stateExposure } from '../../../../src/domain/telematics/trips/state-exposure.ts';

describe('largestRemainder', () => {
  it('should split 10 into thirds as 4, 3, 3', () => {
    assert.deepEqual(largestRemainder([1, 1, 1], 10), [4, 3, 3]);
  });

  it('should always sum to the total, each part within one of its exact quota', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (weights, total) => {
          const parts = largestRemainder(weights, total);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum === 0) return parts.every((p) => p === 0);
          assert.equal(parts.reduce((a, b) => a + b, 0), total);
          weights.forEach((w, i) => assert.ok(Math.abs(parts[i] - (w / sum) * total) < 1 + 1e-6));
          return true;
        },
      ),
    );
  });
});

describe('stateExposure', () => {
  it('should give shares summing to 1 and seconds summing to the total, largest first', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.001, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 8 }), (secs) => {
        const codes = secs.map((_, i) => `S${i}`);
        const total = Math.round(secs.reduce((a, b) => a + b, 0));
        const entries = stateExposure(codes, secs, total);
        if (total === 0) return entries.length === 0;
        assert.equal(entries.reduce((a, e) => a + e.exposure_seconds, 0), total);
        assert.ok(Math.abs(entries.reduce((a, e) => a + e.share, 0) - 1) < 1e-12);
        for (let i = 1; i < entries.length; i++) {
          assert.ok(entries[i - 1].exposure_seconds >= entries[i].exposure_seconds);
        }
        return true;
      }),
    );
  });
});
