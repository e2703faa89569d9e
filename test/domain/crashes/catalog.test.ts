import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import {
  coverageEntries,
  coverageFor,
  defaultCrashSources,
  sourceCoverage,
  stateYearsOf,
  type SourceCoverage,
} from '../../../src/domain/crashes/catalog.ts';
import { SOURCE_DATA } from './importers/source-data.ts';

const records = [
  { state: 'CA', date: '2014-03-01' },
  { state: 'CA', date: '2013-12-31' },
  { state: 'NV', date: '2014-01-01' },
  { state: 'CA', date: '2014-07-04' },
];

test('a source covers the (state, year) pairs it has records for', () => {
  assert.deepEqual(stateYearsOf(records), [
    { state: 'CA', year: 2013 },
    { state: 'CA', year: 2014 },
    { state: 'NV', year: 2014 },
  ]);
});

test('explicit states or years replace the ones found (--states, --years); [] claims nothing', () => {
  const found = stateYearsOf(records);
  assert.deepEqual(sourceCoverage(found, { years: [2015] }), [
    { state: 'CA', year: 2015 },
    { state: 'NV', year: 2015 },
  ]);
  assert.deepEqual(sourceCoverage(found, { states: ['OR'] }), [
    { state: 'OR', year: 2013 },
    { state: 'OR', year: 2014 },
  ]);
  assert.deepEqual(sourceCoverage(found, { states: ['OR'], years: [2020] }), [{ state: 'OR', year: 2020 }]);
  assert.deepEqual(sourceCoverage(found, { states: [] }), []);
});

test('coverageFor lists the (state, year) pairs no source covers, optionally per severity', () => {
  const sources: SourceCoverage[] = [
    { name: 'fars', severities: ['fatal'], coverage: [{ state: 'CA', year: 2014 }, { state: 'NV', year: 2014 }] },
    { name: 'city', severities: ['fatal', 'injury'], coverage: [{ state: 'CA', year: 2015 }] },
  ];
  assert.deepEqual(coverageFor(sources, ['NV', 'CA'], [2014, 2015]), [{ state: 'NV', year: 2015 }]);
  assert.deepEqual(coverageFor(sources, ['CA'], [2014, 2015], ['fatal', 'injury']), [{ state: 'CA', year: 2014 }]);
  assert.deepEqual(coverageFor([], ['CA'], [2014]), [{ state: 'CA', year: 2014 }]);
  assert.deepEqual(coverageFor(sources, [], [2014]), []);
});

test('the response coverage array: states A-Z, each with its years ascending and once', () => {
  assert.deepEqual(coverageEntries(stateYearsOf([...records, { state: 'AZ', date: '2014-01-01' }])), [
    { usstate: 'AZ', years: [2014] },
    { usstate: 'CA', years: [2013, 2014] },
    { usstate: 'NV', years: [2014] },
  ]);
});

test('the default catalog names every crash file of shared/data and claims whole states only for FARS', () => {
  const sources = defaultCrashSources(SOURCE_DATA);
  assert.deepEqual(sources.map((s) => s.name), ['fars', 'nyc', 'switrs-oakland', 'switrs-sf', 'indiana']);
  for (const s of sources) for (const f of s.files) assert.ok(existsSync(f), f);
  const fars = sources[0];
  assert.deepEqual(fars.severities, ['fatal']);
  assert.equal(sourceCoverage([], fars).length, 51 * 3);
  for (const s of sources.slice(1)) assert.deepEqual(sourceCoverage([{ state: 'NY', year: 2016 }], s), []);
});
