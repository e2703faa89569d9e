// FastAPI's json_invalid item, with CPython's json.loads message and position. The cases are
// CPython's own (Lib/test/test_json/test_fail.py, 3.13), plus positions counted in code points.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonDecodeError, jsonInvalidItem, loadsLikePython } from '../../../src/http/validation/json-error.ts';

const cpythonCases: Array<[string, string, number]> = [
  // test_truncated_input
  ['', 'Expecting value', 0],
  ['[', 'Expecting value', 1],
  ['[42', "Expecting ',' delimiter", 3],
  ['[42,', 'Expecting value', 4],
  ['["', 'Unterminated string starting at', 1],
  ['["spam', 'Unterminated string starting at', 1],
  ['["spam"', "Expecting ',' delimiter", 7],
  ['["spam",', 'Expecting value', 8],
  ['{', 'Expecting property name enclosed in double quotes', 1],
  ['{"', 'Unterminated string starting at', 1],
  ['{"spam', 'Unterminated string starting at', 1],
  ['{"spam"', "Expecting ':' delimiter", 7],
  ['{"spam":', 'Expecting value', 8],
  ['{"spam":42', "Expecting ',' delimiter", 10],
  ['{"spam":42,', 'Expecting property name enclosed in double quotes', 11],
  ['"', 'Unterminated string starting at', 0],
  ['"spam', 'Unterminated string starting at', 0],
  // test_unexpected_data
  ['[,', 'Expecting value', 1],
  ['{"spam":[}', 'Expecting value', 9],
  ['[42:', "Expecting ',' delimiter", 3],
  ['[42 "spam"', "Expecting ',' delimiter", 4],
  ['[42,]', 'Illegal trailing comma before end of array', 3],
  ['{"spam":[42}', "Expecting ',' delimiter", 11],
  ['["]', 'Unterminated string starting at', 1],
  ['["spam":', "Expecting ',' delimiter", 7],
  ['["spam",]', 'Illegal trailing comma before end of array', 7],
  ['{:', 'Expecting property name enclosed in double quotes', 1],
  ['{,', 'Expecting property name enclosed in double quotes', 1],
  ['{42', 'Expecting property name enclosed in double quotes', 1],
  ['[{]', 'Expecting property name enclosed in double quotes', 2],
  ['{"spam",', "Expecting ':' delimiter", 7],
  ['{"spam"}', "Expecting ':' delimiter", 7],
  ['[{"spam"]', "Expecting ':' delimiter", 8],
  ['{"spam":}', 'Expecting value', 8],
  ['[{"spam":]', 'Expecting value', 9],
  ['{"spam":42 "ham"', "Expecting ',' delimiter", 11],
  ['[{"spam":42]', "Expecting ',' delimiter", 11],
  ['{"spam":42,}', 'Illegal trailing comma before end of object', 10],
  ['{"spam":42 , }', 'Illegal trailing comma before end of object', 11],
  ['[123  , ]', 'Illegal trailing comma before end of array', 6],
  // test_extra_data
  ['[]]', 'Extra data', 2],
  ['{}}', 'Extra data', 2],
  ['[],[]', 'Extra data', 2],
  ['{},{}', 'Extra data', 2],
  ['42,"spam"', 'Extra data', 2],
  ['"spam",42', 'Extra data', 6],
  // test_linecol
  ['!', 'Expecting value', 0],
  [' !', 'Expecting value', 1],
  ['\n!', 'Expecting value', 1],
  ['\n  \n\n     !', 'Expecting value', 10],
  // scanstring and numbers (checked against CPython 3.11, same C scanner)
  ['{"a":"\\uZZZZ"}', 'Invalid \\uXXXX escape', 7],
  ['"\\u12', 'Invalid \\uXXXX escape', 2],
  ['"a\\qb"', 'Invalid \\escape', 2],
  ['"ab\\', 'Unterminated string starting at', 0],
  ['"\u001f"', 'Invalid control character at', 1],
  ['{"Numbers cannot have leading zeroes": 013}', "Expecting ',' delimiter", 40],
  ['01', 'Extra data', 1],
  ['1.e5', 'Extra data', 1],
  ['[1e+]', "Expecting ',' delimiter", 2],
  ['-', 'Expecting value', 0],
  ['nul', 'Expecting value', 0],
  ["['single quote']", 'Expecting value', 1],
];

describe('CPython json.loads errors', () => {
  for (const [doc, msg, pos] of cpythonCases) {
    test(`${JSON.stringify(doc)} -> ${msg} at ${pos}`, () => assert.deepEqual(jsonDecodeError(doc), { msg, pos }));
  }

  test('before 3.13 a trailing comma read as a missing name or value', () => {
    assert.deepEqual(jsonDecodeError('{"a":1,}', { before313: true }), { msg: 'Expecting property name enclosed in double quotes', pos: 7 });
    assert.deepEqual(jsonDecodeError('[1,]', { before313: true }), { msg: 'Expecting value', pos: 3 });
  });

  test('positions count code points, not UTF-16 units or bytes', () => {
    // '😀' is one Python character but two UTF-16 units and four UTF-8 bytes.
    assert.deepEqual(jsonDecodeError('{"😀é": 1,, }'), { msg: 'Expecting property name enclosed in double quotes', pos: 9 });
    assert.deepEqual(jsonDecodeError('["😀😀", x]'), { msg: 'Expecting value', pos: 7 });
  });
});

describe('what CPython accepts', () => {
  test('NaN, Infinity and -Infinity are numbers', () => {
    assert.deepEqual(loadsLikePython('{"a": NaN, "b": [Infinity, -Infinity]}'), { ok: true, value: { a: NaN, b: [Infinity, -Infinity] } });
    assert.equal(jsonDecodeError('[NaN]'), null);
  });

  test('surrogate pairs join; a lone surrogate stays', () => {
    assert.deepEqual(loadsLikePython('["\\ud83d\\ude00", "\\ud800", NaN]'), { ok: true, value: ['😀', '\ud800', NaN] });
  });

  test('deep nesting is not a JSONDecodeError (FastAPI answers 400)', () => {
    assert.deepEqual(loadsLikePython('['.repeat(5000) + 'NaN'), { ok: false, error: null });
  });
});

test("FastAPI's json_invalid item", () => {
  assert.deepEqual(jsonInvalidItem('{"policy_holder_id": "x",}'), {
    type: 'json_invalid',
    loc: ['body', 24],
    msg: 'JSON decode error',
    input: {},
    ctx: { error: 'Illegal trailing comma before end of object' },
  });
  assert.deepEqual(jsonInvalidItem({ msg: 'Expecting value', pos: 0 }).loc, ['body', 0]);
});
