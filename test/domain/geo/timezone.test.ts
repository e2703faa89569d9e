import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timeZoneOf, usTimeZoneOf, utcOffsetMinutes } from '../../../src/domain/geo/timezone.ts';

const JAN = Date.UTC(2024, 0, 15, 12);
const JUL = Date.UTC(2024, 6, 15, 12);

test('zones of known places', () => {
  assert.equal(timeZoneOf(40.7128, -74.006), 'America/New_York');
  assert.equal(timeZoneOf(33.4484, -112.074), 'America/Phoenix');
  assert.equal(timeZoneOf(37.8044, -122.2712), 'America/Los_Angeles');
  assert.throws(() => timeZoneOf(Number.NaN, 0), RangeError);
  assert.throws(() => timeZoneOf(91, 0), RangeError);
});

test('New York is -300 in January and -240 in July; Phoenix -420 all year', () => {
  assert.equal(utcOffsetMinutes('America/New_York', JAN), -300);
  assert.equal(utcOffsetMinutes('America/New_York', JUL), -240);
  assert.equal(utcOffsetMinutes('America/Phoenix', JAN), -420);
  assert.equal(utcOffsetMinutes('America/Phoenix', JUL), -420);
  assert.equal(utcOffsetMinutes('UTC', JUL), 0);
  assert.equal(utcOffsetMinutes('Asia/Kolkata', JUL), 330);
});

test('the offset changes exactly at the DST instant (2024-03-10 07:00 UTC in New York)', () => {
  const change = Date.UTC(2024, 2, 10, 7);
  assert.equal(utcOffsetMinutes('America/New_York', change - 1), -300);
  assert.equal(utcOffsetMinutes('America/New_York', change), -240);
  // Cached answers stay right when asked again, in any order.
  assert.equal(utcOffsetMinutes('America/New_York', change - 1), -300);
});

test('an hour holding a half-hour transition is computed exactly (St. John\'s, 2024-03-10 05:30 UTC)', () => {
  const change = Date.UTC(2024, 2, 10, 5, 30);
  assert.equal(utcOffsetMinutes('America/St_Johns', change - 60_000), -210);
  assert.equal(utcOffsetMinutes('America/St_Johns', change + 60_000), -150);
  assert.equal(utcOffsetMinutes('America/St_Johns', change - 60_000), -210);
});

test('agrees with Intl on random instants across US zones', () => {
  const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix',
    'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Indiana/Indianapolis'];
  for (let i = 0; i < 2000; i++) {
    const zone = zones[i % zones.length];
    const t = Date.UTC(2010, 0, 1) + Math.floor(Math.random() * 15 * 365 * 86_400_000);
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(t).find((p) => p.type === 'timeZoneName')!.value; // "GMT-05:00"
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    const expected = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
    assert.equal(utcOffsetMinutes(zone, t), expected, `${zone} ${new Date(t).toISOString()}`);
  }
});

test('a US point that tz-lookup puts in a Canadian zone gets its state\'s zone', () => {
  // Lubec, Maine: tz-lookup's compressed map answers America/Moncton (Atlantic time).
  assert.equal(timeZoneOf(44.86, -66.98), 'America/Moncton');
  assert.equal(usTimeZoneOf(44.86, -66.98, 'ME'), 'America/New_York');
  assert.equal(usTimeZoneOf(44.86, -66.98, null), 'America/Moncton');
  assert.equal(usTimeZoneOf(40.7128, -74.006, 'NY'), 'America/New_York');
});
