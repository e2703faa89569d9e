import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { timeOrder } from '../../../../src/domain/telematics/trips/time-order.ts';

function bruteForceOrder(times: number[]): number[] {
  return times.map((t, i) => ({ t, i })).sort((a, b) => a.t - b.t || a.i - b.i).map((x) => x.i);
}

describe('timeOrder', () => {
  it('should return null for a track already in time order', () => {
    assert.equal(timeOrder(Float64Array.of(1, 2, 2, 3)), null);
  });

  it('should order by time with ties in file order, on whole and fractional milliseconds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 2, maxLength: 200 }),
        fc.boolean(),
        (ticks, fractional) => {
          const times = ticks.map((k) => 1.7e12 + k * 1000 + (fractional ? 0.25 : 0));
          const order = timeOrder(Float64Array.from(times));
          const expected = bruteForceOrder(times);
          const isSorted = expected.every((v, i) => v === i);
          assert.deepEqual(order === null ? expected.map((_, i) => i) : Array.from(order), expected);
          return isSorted === (order === null);
        },
      ),
    );
  });
});
