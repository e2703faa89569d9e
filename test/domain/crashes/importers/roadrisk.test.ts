import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importAll } from '../../../../src/domain/crashes/importers/index.ts';
import { tempFile } from './source-data.ts';

// A stand-in for the geo module's point-in-state lookup: Iowa's box, nothing else.
const stateOf = (lat: number, lon: number) => (lat > 40.4 && lat < 43.5 && lon > -96.6 && lon < -90.1 ? 'IA' : null);

test('roadrisk CSV: the example of decisions.md §9, with the state found from the point', async () => {
  const file = tempFile('ia.csv', 'crash_id,crash_date,latitude,longitude,injuries,fatalities\nia-0001,2019-03-02,41.5868,-93.6250,2,0\n');
  const { report, records } = await importAll('roadrisk', file, { source: 'iowa', stateOf });
  assert.deepEqual(records, [
    {
      source: 'iowa',
      sourceId: 'ia-0001',
      date: '2019-03-02',
      time: null,
      latitude: 41.5868,
      longitude: -93.625,
      state: 'IA',
      injuries: 2,
      fatalities: 0,
      severity: 'injury',
    },
  ]);
  assert.equal(report.source, 'iowa');
});

test('roadrisk CSV: optional columns, and one reject reason per bad row', async () => {
  const rows = [
    'crash_id,crash_date,latitude,longitude,injuries,fatalities,crash_time,state',
    'a,2019-03-02,41.5,-93.6,0,1,7:05,',
    'b,2019-03-02,35.0,-80.0,0,0,,nc', // the given state wins over the point
    'c,2019-03-02,10.0,-30.0,0,0,,', // in no state
    'd,2019-02-29,41.5,-93.6,0,0,,',
    'e,2019-03-02,41.5,-93.6,0,0,25:00,',
    'f,2019-03-02,41.5,-93.6,0,0,,ZZ',
    'g,2019-03-02,,-93.6,0,0,,',
    'h,2019-03-02,41.5,-93.6,-1,0,,',
    ',2019-03-02,41.5,-93.6,0,0,,',
    'a,2019-03-04,41.5,-93.6,3,0,,', // id seen before
    'i,2019-03-02,41.5,-93.6,0,0',
  ];
  const { report, records } = await importAll('roadrisk', tempFile('x.csv', rows.join('\n')), { stateOf });
  assert.deepEqual(
    records.map((r) => [r.sourceId, r.time, r.state, r.severity]),
    [
      ['a', '07:05', 'IA', 'fatal'],
      ['b', null, 'NC', 'property-damage'],
    ],
  );
  assert.deepEqual(report.rejectedByReason, {
    'outside the US': 1,
    'invalid date': 1,
    'invalid time': 1,
    'unknown state': 1,
    'missing coordinates': 1,
    'invalid count': 1,
    'missing id': 1,
    'duplicate id': 1,
    'wrong column count': 1,
  });
  assert.equal(report.rowsRead, rows.length - 1);
  assert.equal(report.injuriesRejected, 3);
});

test('roadrisk CSV: rows without a state and no stateOf are an error, not a guess', async () => {
  const file = tempFile('x.csv', 'crash_id,crash_date,latitude,longitude,injuries,fatalities\n1,2019-03-02,41.5,-93.6,0,0\n');
  await assert.rejects(importAll('roadrisk', file), /stateOf/);
});

test('roadrisk CSV: a missing required column is named', async () => {
  const file = tempFile('x.csv', 'crash_id,crash_date,latitude,longitude,injuries\n');
  await assert.rejects(importAll('roadrisk', file, { stateOf }), /missing column\(s\) fatalities/);
});
