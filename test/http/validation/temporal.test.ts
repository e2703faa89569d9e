// Date-time and date fields: speedate's messages (as pydantic 2.13 reports them) and the helpers
// the domain reads validated values with.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { datePart, parseDateTimeLax, validate } from '../../../src/http/validation/pydantic.ts';

const DateTime = Type.String({ format: 'date-time' });
const DateOnly = Type.String({ format: 'date' });

function failure(schema: typeof DateTime, input: unknown): [string, string] | 'OK' {
  const result = validate(schema, input, []);
  if (result.ok) return 'OK';
  assert.equal(result.errors.length, 1);
  const [item] = result.errors;
  assert.equal(item.msg.endsWith(String(item.ctx?.error ?? '')), true);
  return [item.type, String(item.ctx?.error)];
}

describe('date-time fields', () => {
  const cases: Array<[unknown, [string, string] | 'OK']> = [
    ['2024-01-01T10:20:30Z', 'OK'],
    ['2024-01-01t10:00z', 'OK'],
    ['2024-01-01_10:00', 'OK'],
    ['2024-01-01 10:00:00.1234567', 'OK'],
    ['2024-01-01T10:00:00,5', 'OK'],
    ['2024-01-01T10:00:00+0530', 'OK'],
    ['2024-01-01T10:00:00\u221205:00', 'OK'],
    ['2024-01-01', 'OK'],
    ['1700000000', 'OK'],
    [1700000000, 'OK'],
    ['', ['datetime_from_date_parsing', 'input is too short']],
    ['now', ['datetime_from_date_parsing', 'input is too short']],
    ['not a date', ['datetime_from_date_parsing', 'invalid character in year']],
    ['2024/01/01', ['datetime_from_date_parsing', 'invalid date separator, expected `-`']],
    ['2024-13-01', ['datetime_from_date_parsing', 'month value is outside expected range of 1-12']],
    ['2024-02-30', ['datetime_from_date_parsing', 'day value is outside expected range']],
    ['2024-01-0\u00e9', ['datetime_from_date_parsing', 'invalid character in day']],
    // Once the date part parses, lax mode retries as a bare date: its complaint is the one shown.
    ['2024-01-01T25:00', ['datetime_from_date_parsing', 'unexpected extra characters at the end of the input']],
    ['2024-01-01X10:00', ['datetime_from_date_parsing', 'unexpected extra characters at the end of the input']],
    ['2024-01-01T10:00:00+05', ['datetime_from_date_parsing', 'unexpected extra characters at the end of the input']],
    ['99999999999999999999', ['datetime_from_date_parsing', 'invalid date separator, expected `-`']],
    ['0000-01-01', ['datetime_parsing', 'year 0 is out of range']],
    [253402300800000, ['datetime_parsing', 'dates after 9999 are not supported as unix timestamps']],
    [-Infinity, ['datetime_parsing', 'dates before 0000 are not supported as unix timestamps']],
    [NaN, ['datetime_parsing', 'NaN values not permitted']],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input) ?? String(input)}`, () => assert.deepEqual(failure(DateTime, input), expected));
  }

  test('the message is pydantic\'s sentence plus speedate\'s reason', () => {
    const result = validate(DateTime, '2024-13-01', ['body', 'effective_date']);
    assert.deepEqual(result, {
      ok: false,
      errors: [
        {
          type: 'datetime_from_date_parsing',
          loc: ['body', 'effective_date'],
          msg: 'Input should be a valid datetime or date, month value is outside expected range of 1-12',
          input: '2024-13-01',
          ctx: { error: 'month value is outside expected range of 1-12' },
        },
      ],
    });
  });
});

describe('date fields (decisions §6)', () => {
  const cases: Array<[unknown, [string, string] | 'OK']> = [
    ['2024-01-01', 'OK'],
    ['2024-01-01T10:00', 'OK'], // pydantic: date_from_datetime_inexact; roadrisk uses the date part
    ['2024-01-01T00:00:00+05:00', 'OK'],
    ['1704067200', 'OK'],
    ['', ['date_from_datetime_parsing', 'input is too short']],
    ['2024-02-30', ['date_from_datetime_parsing', 'day value is outside expected range']],
    ['2024-01-01X10:00', ['date_from_datetime_parsing', 'invalid datetime separator, expected `T`, `t`, `_` or space']],
    ['2024-01-01T25:00', ['date_from_datetime_parsing', 'hour value is outside expected range of 0-23']],
    ['2024-01-01T10:60', ['date_from_datetime_parsing', 'minute value is outside expected range of 0-59']],
    ['2024-01-01T10:00:00.', ['date_from_datetime_parsing', 'second fraction digits missing after `.`']],
    ['2024-01-01T10:00:00+05', ['date_from_datetime_parsing', 'invalid timezone minute']],
    ['2024-01-01 10:00:00 ', ['date_from_datetime_parsing', 'invalid timezone sign']],
    ['2024-01-01T1', ['date_from_datetime_parsing', 'input is too short']],
    ['0000-01-01', ['date_parsing', 'year 0 is out of range']],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)}`, () => assert.deepEqual(failure(DateOnly, input), expected));
  }

  test('a value that is no date at all is date_type', () => {
    assert.deepEqual(validate(DateOnly, null, ['body', 'start_date']), {
      ok: false,
      errors: [{ type: 'date_type', loc: ['body', 'start_date'], msg: 'Input should be a valid date', input: null }],
    });
  });
});

describe('parseDateTimeLax', () => {
  const cases: Array<[string | number, string]> = [
    ['2024-03-10T12:30:00Z', '2024-03-10T12:30:00.000Z'],
    ['2024-03-10T12:30:00', '2024-03-10T12:30:00.000Z'], // no zone: UTC (decisions §5)
    ['2024-03-10', '2024-03-10T00:00:00.000Z'], // a bare date: midnight UTC
    ['2024-03-10 12:30+05:30', '2024-03-10T07:00:00.000Z'],
    ['2024-03-10T12:30:00.123456-08:00', '2024-03-10T20:30:00.123Z'],
    ['1700000000', '2023-11-14T22:13:20.000Z'],
    [1700000000123, '2023-11-14T22:13:20.123Z'], // above 2e10: milliseconds
    ['-1.25', '1969-12-31T23:59:58.750Z'],
    [-1.25, '1969-12-31T23:59:58.250Z'], // pydantic's own reading of a negative float
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)}`, () => assert.equal(parseDateTimeLax(input).toISOString(), expected));
  }

  test('refuses what validation refuses', () => {
    assert.throws(() => parseDateTimeLax('2024-13-01'), TypeError);
  });
});

describe('datePart', () => {
  const cases: Array<[string | number, string]> = [
    ['2024-03-10', '2024-03-10'],
    ['2024-03-10T23:30:00', '2024-03-10'],
    ['2024-03-10T23:30:00-05:00', '2024-03-10'], // as written, not converted to UTC
    ['1704067200', '2024-01-01'],
    [1704153599, '2024-01-01'],
  ];
  for (const [input, expected] of cases) test(`${JSON.stringify(input)}`, () => assert.equal(datePart(input), expected));
});
