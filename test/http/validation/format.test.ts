// How numbers and strings are printed inside pydantic's messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectedList, pyFloatRepr, pyRepr, rustFloatDisplay } from '../../../src/http/validation/format.ts';

test('bounds print as Rust prints an f64: no exponent, no trailing .0', () => {
  const cases: Array<[number, string]> = [
    [49.384358, '49.384358'],
    [-125, '-125'],
    [-66.93457, '-66.93457'],
    [1, '1'],
    [500, '500'],
    [0.5, '0.5'],
    [1e21, '1000000000000000000000'],
    [1.5e-7, '0.00000015'],
    [-2.5e22, '-25000000000000000000000'],
    [0.1 + 0.2, '0.30000000000000004'],
  ];
  for (const [value, printed] of cases) assert.equal(rustFloatDisplay(value), printed);
});

test('Python reprs', () => {
  assert.equal(pyRepr('v1'), "'v1'");
  assert.equal(pyRepr("it's"), '"it\'s"');
  assert.equal(pyRepr('both \' and "'), "'both \\' and \"'");
  assert.equal(pyRepr('tab\there\n'), "'tab\\there\\n'");
  assert.equal(pyRepr('\u0001é'), "'\\x01é'");
  assert.equal(pyFloatRepr(1e16), '1e+16');
  assert.equal(pyFloatRepr(1.5e-5), '1.5e-05');
  assert.equal(pyFloatRepr(123), '123.0');
  assert.equal(pyFloatRepr(0.1), '0.1');
});

test('expected values are joined with commas and a final "or"', () => {
  assert.equal(expectedList(['v1']), "'v1'");
  assert.equal(expectedList(['v1', 'v2']), "'v1' or 'v2'");
  assert.equal(expectedList(['a', 'b', 'c']), "'a', 'b' or 'c'");
  assert.equal(expectedList([1, true, null]), '1, True or None');
});
