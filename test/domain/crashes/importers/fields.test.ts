import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { coordinateProblem, isoDate, parseClock, parseCount } from '../../../../src/domain/crashes/importers/fields.ts';

test('isoDate accepts exactly the real calendar dates', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1950, max: 2100 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
      const daysInMonth = m >= 1 && m <= 12 ? new Date(Date.UTC(y, m, 0)).getUTCDate() : 0;
      const real = d >= 1 && d <= daysInMonth;
      const got = isoDate(y, m, d);
      assert.equal(got !== null, real);
      if (got) assert.equal(new Date(`${got}T00:00:00Z`).getUTCDate(), d);
    }),
  );
});

test('parseClock and parseCount refuse what they cannot read exactly', () => {
  assert.deepEqual(['0:00', '7:05', '23:59', '24:00', '12:60', '1230', ''].map(parseClock), ['00:00', '07:05', '23:59', null, null, null, null]);
  assert.deepEqual(['0', ' 12 ', '1.5', '-1', '', 'x', undefined].map(parseCount), [0, 12, null, null, null, null, null]);
});

test('coordinateProblem names the reason', () => {
  assert.equal(coordinateProblem('40.7', '-73.9'), null);
  assert.equal(coordinateProblem('', '-73.9'), 'missing coordinates');
  assert.equal(coordinateProblem('0', '0'), 'zero coordinates');
  assert.equal(coordinateProblem('40.7', '-201.2'), 'invalid coordinates');
  assert.equal(coordinateProblem('north', '-73.9'), 'invalid coordinates');
});
