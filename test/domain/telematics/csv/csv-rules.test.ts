// Every CSV rule of decisions §7, with the exact message (rule, line, column) the 422 carries.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertInput, failureOf, HEADER } from './csv-fixtures.ts';

const row = (lat: string, lon: string, ts = '2024-03-01T08:00:00Z', id = 'v1') => `${id},${ts},${lat},${lon}`;
const file = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

describe('telematics CSV rules', () => {
  it('rejects a latitude above 90 naming line and column', async () => {
    const failure = await failureOf(file(row('37.5', '-122'), row('91.2', '-122')));
    assert.equal(failure.message, 'line 3, column "latitude": value "91.2" is outside [-90, 90]');
    assert.deepEqual([failure.rule, failure.line, failure.column], ['latitude_range', 3, 'latitude']);
  });

  it('rejects a longitude below -180', async () => {
    const failure = await failureOf(file(row('0', '-180.0001')));
    assert.equal(failure.message, 'line 2, column "longitude": value "-180.0001" is outside [-180, 180]');
    assert.equal(failure.rule, 'longitude_range');
  });

  it('accepts the exact bounds', async () => {
    const outcome = await convertInput(file(row('-90', '-180'), row('90', '180'), row('-0', '0')));
    assert.equal(outcome.ok, true);
  });

  it('rejects an empty required value', async () => {
    const failure = await failureOf(file(row('', '1')));
    assert.equal(failure.message, 'line 2, column "latitude": a required value is empty');
    assert.equal(failure.rule, 'missing_value');
  });

  for (const word of ['null', 'NULL', 'Null', 'NaN', 'nan', 'NAN']) {
    it(`rejects ${word} in a required column`, async () => {
      const failure = await failureOf(file(row('1', '2', word)));
      assert.equal(failure.message, `line 2, column "timestamp": a required value is missing ("${word}")`);
      assert.equal(failure.rule, 'missing_value');
    });
  }

  it('treats a value of only spaces as empty', async () => {
    const failure = await failureOf(file(row('1', '  ')));
    assert.equal(failure.message, 'line 2, column "longitude": a required value is empty');
  });

  for (const bad of ['abc', '0x1A', 'Infinity', '-inf', '1_000', '37.5.1', '1e', '1e+', '--1', '+-1', '.', '-', '37x', '١٢']) {
    it(`rejects ${JSON.stringify(bad)} as a number`, async () => {
      const failure = await failureOf(file(row(bad, '1')));
      assert.equal(failure.message, `line 2, column "latitude": value ${JSON.stringify(bad)} is not a decimal number`);
      assert.equal(failure.rule, 'invalid_number');
    });
  }

  const timestampCases: Array<[string, string]> = [
    ['2024-03-01', 'a date without a time of day'],
    ['2024-03-01T08', 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)'],
    ['2024-03-01_08:00:00', 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)'],
    ['2024/03/01T08:00:00Z', 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)'],
    ['1709280000', 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)'],
    ['2024-03-01T08:00:00.Z', 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)'],
    ['2024-03-01T08:00:00.1234567890Z', 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)'],
    ['2024-03-01T08:00:00ZZ', 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)'],
    ['2024-03-01T08:00:00 Z', 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)'],
    ['0000-03-01T08:00:00Z', 'year 0000 does not exist'],
    ['2024-13-01T08:00:00Z', 'month must be 01-12'],
    ['2024-00-01T08:00:00Z', 'month must be 01-12'],
    ['2023-02-29T08:00:00Z', 'day does not exist in that month'],
    ['1900-02-29T08:00:00Z', 'day does not exist in that month'],
    ['2024-04-31T08:00:00Z', 'day does not exist in that month'],
    ['2024-03-00T08:00:00Z', 'day does not exist in that month'],
    ['2024-03-01T24:00:00Z', 'hour must be 00-23'],
    ['2024-03-01T08:60:00Z', 'minute must be 00-59'],
    ['2016-12-31T23:59:60Z', 'second must be 00-59 (leap seconds are not accepted)'],
    ['2024-03-01T08:00:00+24:00', 'zone offset must be Z, ±HH:MM or ±HHMM with hours 00-23 and minutes 00-59'],
    ['2024-03-01T08:00:00+05:60', 'zone offset must be Z, ±HH:MM or ±HHMM with hours 00-23 and minutes 00-59'],
    ['2024-03-01T08:00:00+05', 'zone offset must be Z, ±HH:MM or ±HHMM with hours 00-23 and minutes 00-59'],
    ['2024-03-01T08:00:00+5:00', 'zone offset must be Z, ±HH:MM or ±HHMM with hours 00-23 and minutes 00-59'],
  ];
  for (const [value, why] of timestampCases) {
    it(`rejects timestamp ${value}`, async () => {
      const failure = await failureOf(file(row('1', '2'), row('1', '2', value)));
      assert.equal(failure.message, `line 3, column "timestamp": value "${value}" is not an ISO 8601 date and time: ${why}`);
      assert.equal(failure.rule, 'invalid_timestamp');
    });
  }

  for (const missing of ['latitude', 'longitude', 'timestamp']) {
    it(`rejects a header without ${missing}`, async () => {
      const header = ['vehicle_id', 'timestamp', 'latitude', 'longitude'].filter((name) => name !== missing);
      const failure = await failureOf(`${header.join(',')}\nv1,1,2\n`);
      const found = header.map((name) => `"${name}"`).join(', ');
      assert.equal(failure.message, `line 1, column "${missing}": the header has no such column (found ${found})`);
      assert.equal(failure.rule, 'missing_column');
    });
  }

  it('matches header names case-sensitively', async () => {
    const failure = await failureOf('Latitude,longitude,timestamp\n1,2,2024-03-01T08:00:00Z\n');
    assert.equal(failure.rule, 'missing_column');
    assert.equal(failure.column, 'latitude');
  });

  it('rejects a required column given twice', async () => {
    const failure = await failureOf('latitude,longitude,timestamp, latitude\n1,2,2024-03-01T08:00:00Z,3\n');
    assert.equal(failure.message, 'line 1, column "latitude": the column appears more than once in the header');
    assert.equal(failure.rule, 'duplicate_column');
  });

  it('rejects a row with too few values', async () => {
    const failure = await failureOf(file(row('1', '2'), 'v1,2024-03-01T08:00:00Z,1'));
    assert.equal(failure.message, 'line 3: the row has 3 values, the header has 4 columns');
    assert.deepEqual([failure.rule, failure.column], ['field_count', null]);
  });

  it('rejects a row with too many values', async () => {
    const failure = await failureOf(file(row('1', '2') + ',extra'));
    assert.equal(failure.message, "line 2: the row has more values than the header's 4 columns");
  });

  it('rejects an unterminated quoted value, on the line where it opens', async () => {
    const failure = await failureOf(file(row('1', '2'), 'v1,2024-03-01T08:00:00Z,1,"2'));
    assert.equal(failure.message, 'line 3, column "longitude": a quoted value is never closed');
    assert.equal(failure.rule, 'csv_syntax');
  });

  it('rejects text after a closing quote', async () => {
    const failure = await failureOf(file('"v1"x,2024-03-01T08:00:00Z,1,2'));
    assert.equal(failure.message, 'line 2, column "vehicle_id": unexpected character after a closing quote');
  });

  it('rejects a quote inside an unquoted value', async () => {
    const failure = await failureOf(file('v"1,2024-03-01T08:00:00Z,1,2'));
    assert.equal(failure.message, 'line 2, column "vehicle_id": a quote inside an unquoted value');
    assert.equal(failure.rule, 'csv_syntax');
  });

  it('rejects a carriage return without a line feed', async () => {
    const failure = await failureOf(`${HEADER}\nv1,2024-03-01T08:00:00Z,1,2\rv1,2024-03-01T08:00:00Z,1,2\n`);
    assert.equal(failure.message, 'line 2: a carriage return not followed by a line feed');
  });

  it('rejects a file with a header and no rows', async () => {
    const failure = await failureOf(`${HEADER}\n\n\r\n`);
    assert.equal(failure.message, 'line 4: the file has a header but no data rows');
    assert.equal(failure.rule, 'no_data_rows');
  });

  it('rejects a header-only file without a final line break', async () => {
    const failure = await failureOf(HEADER);
    assert.equal(failure.message, 'line 2: the file has a header but no data rows');
  });

  for (const [label, content] of [['an empty file', ''], ['a BOM alone', '\ufeff'], ['blank lines', '\n\r\n']] as const) {
    it(`rejects ${label}`, async () => {
      const failure = await failureOf(content);
      assert.equal(failure.rule, 'empty_file');
      assert.match(failure.message, /^line \d+: the file is empty: no header and no data rows$/);
    });
  }

  it('rejects UTF-16', async () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...new TextEncoder().encode('l\0a\0')]);
    const failure = await failureOf(bytes);
    assert.equal(failure.message, 'line 1: the file is UTF-16; upload it as UTF-8');
  });

  it('rejects a vehicle id that is not UTF-8', async () => {
    const text = new TextEncoder().encode(file(row('1', '2', undefined, 'v\u00e9')));
    const bytes = text.map((b, i) => (b === 0xc3 && i > HEADER.length ? 0xff : b));
    const failure = await failureOf(bytes);
    assert.equal(failure.message, 'line 2, column "vehicle_id": value is not valid UTF-8');
  });

  it('rejects a vehicle id longer than 256 bytes', async () => {
    const failure = await failureOf(file(row('1', '2', undefined, 'x'.repeat(257))));
    assert.equal(failure.message, 'line 2, column "vehicle_id": value is longer than 256 bytes');
  });

  it('rejects more distinct vehicles than allowed', async () => {
    const failure = await failureOf(file(row('1', '2', undefined, 'a'), row('1', '2', undefined, 'b'), row('1', '2', undefined, 'c')), { maxVehicles: 2 });
    assert.equal(failure.message, 'line 4, column "vehicle_id": more than 2 distinct vehicle ids in one file');
  });

  it('rejects a row longer than the row limit', async () => {
    const failure = await failureOf(file(row('1', '2'), row('1', '2', undefined, 'x'.repeat(200))), { maxRowBytes: 100, cuts: [60, 120, 180] });
    assert.equal(failure.message, 'line 3: a row is longer than 100 bytes');
  });

  it('rejects a header longer than the row limit', async () => {
    const failure = await failureOf(`latitude,longitude,timestamp,${'x'.repeat(300)}\n`, { maxRowBytes: 100, cuts: [50, 150, 250] });
    assert.equal(failure.message, 'line 1: a row is longer than 100 bytes');
  });

  it('reports the physical line after a quoted value spanning lines', async () => {
    const failure = await failureOf(`${HEADER},note\nv1,2024-03-01T08:00:00Z,1,2,"two\nlines"\nv1,2024-03-01T08:00:00Z,95,2,x\n`);
    assert.equal(failure.message, 'line 4, column "latitude": value "95" is outside [-90, 90]');
  });

  it('reports a bad value inside a quoted field', async () => {
    const failure = await failureOf(file('v1,2024-03-01T08:00:00Z,"1,5",2'));
    assert.equal(failure.message, 'line 2, column "latitude": value "1,5" is not a decimal number');
  });

  it('stops at the first error in file order', async () => {
    const failure = await failureOf(file(row('1', '200'), row('100', '2')));
    assert.equal(failure.line, 2);
    assert.equal(failure.column, 'longitude');
  });

  it('shortens a huge value in the message', async () => {
    const failure = await failureOf(file(row('9'.repeat(100), '1')));
    assert.equal(failure.message, `line 2, column "latitude": value "${'9'.repeat(40)}…" is outside [-90, 90]`);
  });
});
