import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fillByBisection } from '../../../../src/domain/telematics/trips/route-sampling.ts';

describe('fillByBisection', () => {
  it('should equal a full look-up when values change at most once between keys', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 30 }),
        (runValues, stride) => {
          // a step function with runs at least `stride` long, so no value leaves and returns between keys
          const truth: number[] = [];
          for (const v of runValues) for (let j = 0; j < stride; j++) truth.push(v);
          const keys: number[] = [];
          for (let k = 0; k < truth.length; k += stride) keys.push(k);
          if (keys[keys.length - 1] !== truth.length - 1) keys.push(truth.length - 1);
          const out = new Int32Array(truth.length).fill(-9);
          let lookups = 0;
          fillByBisection(keys, (k) => (lookups++, truth[k]), out);
          assert.deepEqual(Array.from(out), truth);
          return lookups <= keys.length + runValues.length * Math.ceil(Math.log2(stride + 1) + 1);
        },
      ),
    );
  });
});
