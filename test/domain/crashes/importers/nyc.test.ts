import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importAll } from '../../../../src/domain/crashes/importers/index.ts';
import { crashFile, tempFile } from './source-data.ts';

test('NYC extract: rows without a geocode, a bad longitude and the cut-off last row are rejected and counted', async () => {
  const { report, records } = await importAll('nyc', crashFile('nyc', 'Motor_Vehicle_Collisions_-_Crashes.csv'));
  assert.equal(report.rowsRead, 14319); // shared/data/README.md
  assert.equal(report.rowsKept + report.rowsRejected, report.rowsRead);
  assert.deepEqual(report.rejectedByReason, {
    'missing coordinates': 1285,
    'zero coordinates': 1,
    'invalid coordinates': 1, // longitude -201.23706
    'wrong column count': 1, // the file ends mid-row, after 7 of 29 fields
  });
  assert.equal(report.rowsKept, 13031);
  assert.deepEqual([report.injuriesKept, report.injuriesRejected], [3768, 344]);
  assert.deepEqual([report.fatalitiesKept, report.fatalitiesRejected], [9, 3]);
  assert.ok(records.every((r) => r.state === 'NY' && /^\d\d:\d\d$/.test(r.time ?? '')));
  const window = records.filter((r) => r.date >= '2016-07-28' && r.date <= '2016-08-19');
  assert.ok(window.length > 12_000, 'most rows are in the complete 2016 window');
});

test("NYC: the portal's own header spelling and date formats are read the same way", async () => {
  const header = 'CRASH DATE,CRASH TIME,LATITUDE,LONGITUDE,NUMBER OF PERSONS INJURED,NUMBER OF PERSONS KILLED,COLLISION_ID';
  const file = tempFile(
    'crashes.csv',
    [
      header,
      '08/01/2016,7:05,40.7,-73.9,2,0,1',
      '2016-08-02T00:00:00.000,23:59,40.7,-73.9,0,1,2',
      '08/03/2016,,40.7,-73.9,0,0,3',
      '02/30/2016,10:00,40.7,-73.9,0,0,4',
      ',10:00,40.7,-73.9,1,0,5',
      '08/03/2016,10:00,40.7,-73.9,,0,6',
    ].join('\r\n'),
  );
  const { report, records } = await importAll('nyc', file);
  assert.deepEqual(
    records.map((r) => [r.sourceId, r.date, r.time, r.severity, r.injuries, r.fatalities]),
    [
      ['1', '2016-08-01', '07:05', 'injury', 2, 0],
      ['2', '2016-08-02', '23:59', 'fatal', 0, 1],
      ['3', '2016-08-03', null, 'property-damage', 0, 0],
    ],
  );
  assert.deepEqual(report.rejectedByReason, { 'invalid date': 1, 'missing date': 1, 'invalid count': 1 });
  assert.equal(report.keptWithoutTime, 1);
});
