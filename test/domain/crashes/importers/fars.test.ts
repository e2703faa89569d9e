import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { importAll } from '../../../../src/domain/crashes/importers/index.ts';
import { crashFile, tempFile } from './source-data.ts';

// Row counts and FATALS sums: shared/data/README.md (= NHTSA's published fatality totals).
// Rejected counts: the sentinel rows counted in the files (docs/data.md).
const YEARS = [
  { year: 2013, rows: 30202, fatalities: 32893, rejected: 355, fatalitiesRejected: 379 },
  { year: 2014, rows: 30056, fatalities: 32744, rejected: 160, fatalitiesRejected: 175 },
  { year: 2015, rows: 32166, fatalities: 35092, rejected: 207, fatalitiesRejected: 224 },
];

for (const y of YEARS) {
  test(`FARS ${y.year}: every row is kept or rejected, and no fatality goes uncounted`, async () => {
    const { report, records } = await importAll('fars', crashFile('fars', `accident_${y.year}.csv.bz2`));
    assert.equal(report.rowsRead, y.rows);
    assert.equal(report.rowsKept + report.rowsRejected, y.rows);
    assert.equal(records.length, report.rowsKept);
    assert.equal(report.fatalitiesKept + report.fatalitiesRejected, y.fatalities);
    assert.deepEqual(report.rejectedByReason, { 'unknown coordinates': y.rejected });
    assert.equal(report.fatalitiesRejected, y.fatalitiesRejected);
    assert.equal(records.reduce((s, r) => s + r.fatalities, 0), report.fatalitiesKept);
    assert.equal(new Set(records.map((r) => r.state)).size, 51);
    assert.ok(records.every((r) => r.date.startsWith(`${y.year}-`) && r.severity === 'fatal' && r.injuries === 0));
    assert.ok(records.every((r) => r.sourceId.startsWith(`${y.year}-`)));
  });
}

const HEADER = 'STATE,ST_CASE,DAY,MONTH,YEAR,HOUR,MINUTE,LATITUDE,LONGITUD,FATALS';

test('FARS: sentinels, unknown dates and unknown times follow the coding manual', async () => {
  const file = tempFile(
    'accident.csv',
    [
      HEADER,
      '6,60001,5,3,2014,99,99,37.8,-122.2,2', // unknown time → null
      '6,60002,5,3,2014,14,88,37.8,-122.2,1', // minute not known → null
      '6,60003,5,3,2014,7,5,77.7777,777.7777,1',
      '6,60004,5,3,2014,7,5,88.8888,888.8888,1',
      '6,60005,5,3,2014,7,5,99.9999,999.9999,3',
      '6,60006,99,3,2014,7,5,37.8,-122.2,1',
      '6,60007,30,2,2014,7,5,37.8,-122.2,1', // 30 February
      '72,60008,5,3,2014,7,5,18.4,-66.1,1', // Puerto Rico: not a USState
      '"36","360009","1","12","2014","0","5","40.7","-74.0","1"',
    ].join('\n'),
  );
  const { report, records } = await importAll('fars', file);
  assert.deepEqual(
    records.map((r) => [r.sourceId, r.time, r.state, r.date]),
    [
      ['2014-60001', null, 'CA', '2014-03-05'],
      ['2014-60002', null, 'CA', '2014-03-05'],
      ['2014-360009', '00:05', 'NY', '2014-12-01'],
    ],
  );
  assert.deepEqual(report.rejectedByReason, {
    'unknown coordinates': 3,
    'unknown date': 1,
    'invalid date': 1,
    'unknown state': 1,
  });
  assert.equal(report.fatalitiesKept + report.fatalitiesRejected, 12);
});

test('FARS: a file without a needed column is refused, naming the column', async () => {
  const file = tempFile('accident.csv', 'STATE,ST_CASE,DAY,MONTH,YEAR\n1,10001,1,1,2014\n');
  await assert.rejects(importAll('fars', file), /missing column\(s\) HOUR, MINUTE, LATITUDE, LONGITUD, FATALS/);
});

test('FARS: a corrupt or truncated .bz2 file fails the import instead of yielding part of it', async () => {
  const corrupt = tempFile('accident.csv.bz2', Buffer.from('BZh91AY&SY this is not bzip2 data at all'));
  await assert.rejects(importAll('fars', corrupt), /accident\.csv\.bz2/);
  const whole = readFileSync(crashFile('fars', 'accident_2014.csv.bz2'));
  const truncated = tempFile('accident.csv.bz2', whole.subarray(0, 200_000));
  await assert.rejects(importAll('fars', truncated), /cannot read/);
});
