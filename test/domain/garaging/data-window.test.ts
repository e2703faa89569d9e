import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataWindow, dayOf, isoDay, lastUsableDay } from '../../../src/domain/garaging/data-window.ts';

test('the last usable crash date is the day before the effective date', () => {
  assert.equal(isoDay(lastUsableDay(new Date('2015-01-01T00:00:00Z'))), '2014-12-31');
  assert.equal(isoDay(lastUsableDay(new Date('2015-01-01T23:59:59Z'))), '2014-12-31');
  assert.equal(isoDay(lastUsableDay(new Date('2015-06-15T08:00:00Z'))), '2015-06-14');
});

test('a backtest at 2015-01-01 uses 2013 and 2014 only', () => {
  const w = dataWindow([2013, 2014, 2015], lastUsableDay(new Date('2015-01-01T00:00:00Z')))!;
  assert.deepEqual(w.years, [2013, 2014]);
  assert.deepEqual(w.ranges, [{ from: dayOf(2013), to: dayOf(2014, 12, 31) }]);
  assert.ok(Math.abs(w.exposureYears - 730 / 365.2425) < 1e-12);
});

test('at most the five most recent years on or before the effective date', () => {
  const w = dataWindow([2010, 2011, 2012, 2013, 2014, 2015, 2016, 2020], dayOf(2016, 12, 31))!;
  assert.deepEqual(w.years, [2012, 2013, 2014, 2015, 2016]);
});

test('the current year counts with its elapsed days only', () => {
  const w = dataWindow([2014, 2015], dayOf(2015, 3, 31))!;
  assert.deepEqual(w.years, [2014, 2015]);
  assert.equal(w.ranges[0].to, dayOf(2015, 3, 31));
  assert.ok(Math.abs(w.exposureYears - (365 + 90) / 365.2425) < 1e-12);
});

test('years with a gap make separate ranges; no year on or before the date means no window', () => {
  const w = dataWindow([2013, 2015], dayOf(2016))!;
  assert.equal(w.ranges.length, 2);
  assert.equal(dataWindow([2013, 2014], dayOf(2012, 12, 31)), null);
  assert.equal(dataWindow([], dayOf(2020)), null);
});
