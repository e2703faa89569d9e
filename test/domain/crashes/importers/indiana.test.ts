import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importAll } from '../../../../src/domain/crashes/importers/index.ts';
import { crashFile, tempFile } from './source-data.ts';

test('Indiana extract: every row kept; a Fatal crash counts 1 fatality, an SSI crash 1 injury (lower bounds)', async () => {
  const { report, records } = await importAll('indiana', crashFile('indiana', 'crashes.csv'));
  assert.equal(report.rowsRead, 9392); // shared/data/README.md
  assert.equal(report.rowsKept, 9392);
  assert.deepEqual(report.rejectedByReason, {});
  assert.equal(report.fatalitiesKept, 1634);
  assert.equal(report.injuriesKept, 7758);
  assert.equal(records[0].date, '2018-01-01');
  assert.equal(records.reduce((max, r) => (r.date > max ? r.date : max), ''), '2026-04-30');
  assert.ok(records.every((r) => r.state === 'IN' && r.time === null && r.injuries + r.fatalities === 1));
});

test('Indiana: a row of another severity class is rejected, not guessed', async () => {
  const file = tempFile(
    'crashes.csv',
    'id,year,date,ssi_fatal,lat,lon\n1,2019,2019-05-01,Fatal,39.7,-86.1\n2,2019,2019-05-01,SSI,39.7,-86.1\n3,2019,2019-05-01,PDO,39.7,-86.1\n',
  );
  const { report, records } = await importAll('indiana', file);
  assert.deepEqual(
    records.map((r) => [r.severity, r.injuries, r.fatalities]),
    [
      ['fatal', 0, 1],
      ['serious-injury', 1, 0],
    ],
  );
  assert.deepEqual(report.rejectedByReason, { 'unknown severity': 1 });
});
