import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importAll } from '../../../../src/domain/crashes/importers/index.ts';
import { hhmmTime, switrsDate } from '../../../../src/domain/crashes/importers/switrs.ts';
import { crashFile, tempFile } from './source-data.ts';

test('SWITRS Oakland 2013-2014 (TIMS layout, CR-only lines): 425 ungeocoded rows rejected', async () => {
  const { report, records } = await importAll('switrs', crashFile('ca_switrs', 'oakland_2013_2014', 'Collisions.csv'));
  assert.equal(report.rowsRead, 4401); // shared/data/README.md
  assert.deepEqual(report.rejectedByReason, { 'zero coordinates': 425 });
  assert.equal(report.rowsKept, 3976);
  assert.deepEqual([report.fatalitiesKept, report.fatalitiesRejected], [62, 3]);
  assert.deepEqual([report.injuriesKept, report.injuriesRejected], [5234, 577]);
  assert.equal(report.keptWithoutTime, 2); // TIME_ 2500
  const years = new Set(records.map((r) => r.date.slice(0, 4)));
  assert.deepEqual([...years].sort(), ['2013', '2014']);
  assert.ok(records.every((r) => r.state === 'CA'));
  assert.equal(records.filter((r) => r.severity === 'fatal').length, 60);
});

test('SWITRS San Francisco 2018 (raw layout): LATITUDE/LONGITUDE stand in where POINT is empty', async () => {
  const { report, records } = await importAll('switrs', crashFile('ca_switrs', 'san_francisco_2018', 'Collisions.csv'));
  assert.equal(report.rowsRead, 3870);
  // README: POINT_X/POINT_Y filled on 3,661 rows; 34 more have only LATITUDE/LONGITUDE.
  assert.equal(report.rowsKept, 3661 + 34);
  assert.deepEqual(report.rejectedByReason, { 'missing coordinates': 175 });
  assert.deepEqual([report.fatalitiesKept, report.fatalitiesRejected], [24, 0]);
  assert.deepEqual([report.injuriesKept, report.injuriesRejected], [4751, 220]);
  assert.ok(records.every((r) => r.date.startsWith('2018-')));
});

test('SWITRS: the two layouts map to the same record', async () => {
  const tims = tempFile(
    'Collisions.csv',
    'CASEID,POINT_X,POINT_Y,YEAR_,CRASHSEV,KILLED,INJURED,DATE_,TIME_\r' +
      '1,-122.2,37.8,2013,2,0,3,4/12/13,240\r' +
      '2,-122.2,37.8,2014,1,1,0,12/31/14,2500\r' +
      '3,0,0,2014,4,0,1,1/1/14,100\r',
  );
  const raw = tempFile(
    'Collisions.csv',
    'CASE_ID,COLLISION_DATE,COLLISION_TIME,COLLISION_SEVERITY,NUMBER_KILLED,NUMBER_INJURED,LATITUDE,LONGITUDE,POINT_X,POINT_Y\n' +
      '1,2013-04-12,0240,2,0,3,,,-122.2,37.8\n' +
      '2,2014-12-31,2500,1,1,0,37.8,-122.2,,\n' +
      '3,2014-01-01,0100,4,0,1,,,,\n',
  );
  const a = await importAll('switrs', tims);
  const b = await importAll('switrs', raw);
  const strip = (rs: typeof a.records) => rs.map(({ source, ...rest }) => rest);
  assert.deepEqual(strip(a.records), strip(b.records));
  assert.deepEqual(
    a.records.map((r) => [r.date, r.time, r.severity]),
    [
      ['2013-04-12', '02:40', 'serious-injury'],
      ['2014-12-31', null, 'fatal'],
    ],
  );
  assert.deepEqual(a.report.rejectedByReason, { 'zero coordinates': 1 });
  assert.deepEqual(b.report.rejectedByReason, { 'missing coordinates': 1 });
});

test('SWITRS: two-digit years take their century from the year column, or are refused', () => {
  assert.equal(switrsDate('4/12/13', '2013'), '2013-04-12');
  assert.equal(switrsDate('4/12/13', '2014'), null);
  assert.equal(switrsDate('4/12/13', undefined), null);
  assert.equal(switrsDate('2/29/16', '2016'), '2016-02-29');
  assert.equal(switrsDate('2/29/15', '2015'), null);
  assert.deepEqual(['0', '5', '1259', '2359', '2400', '2500', '1260', ''].map(hhmmTime), [
    '00:00', '00:05', '12:59', '23:59', null, null, null, null,
  ]);
});
