// Local time of a point: its IANA zone (npm tz-lookup, built from timezone-boundary-builder,
// 2019 data) and that zone's UTC offset at an instant (Intl, i.e. the ICU tz database of the
// running Node).
//
// tz-lookup compresses the zone map lossily and says so ("expect errors near timezone borders");
// e.g. Lubec, Maine comes back as America/Moncton. When the caller knows the point's US state,
// usTimeZoneOf replaces a Canadian or Mexican answer by the zone of that state's border region.
//
// utcOffsetMinutes is called for millions of telematics points, so offsets are memoised per zone
// per UTC hour: every offset change of the tz database in use for US zones happens on a whole UTC
// hour, and an hour that does contain a change (e.g. America/St_Johns, at :30) is detected by
// comparing its first and last millisecond, marked, and computed exactly each time.

import { isCanadaOrMexicoZone, rawTimeZoneLookup } from './neighbour-countries.ts';
import type { UsState } from './us-states.ts';

/** IANA zone of a point; throws RangeError on coordinates outside the globe or NaN. */
export function timeZoneOf(lat: number, lon: number): string {
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
    throw new RangeError(`invalid coordinates ${lat}, ${lon}`);
  }
  return rawTimeZoneLookup()(lat, lon);
}

// The zone along each state's Canadian or Mexican border (tz database zone.tab comments;
// Texas: El Paso and Hudspeth counties keep Mountain time, the rest of the border Central).
const BORDER_ZONE: Partial<Record<UsState, string>> = {
  AK: 'America/Anchorage', WA: 'America/Los_Angeles', ID: 'America/Los_Angeles',
  MT: 'America/Denver', ND: 'America/Chicago', MN: 'America/Chicago', MI: 'America/Detroit',
  OH: 'America/New_York', PA: 'America/New_York', NY: 'America/New_York',
  VT: 'America/New_York', NH: 'America/New_York', ME: 'America/New_York',
  CA: 'America/Los_Angeles', AZ: 'America/Phoenix', NM: 'America/Denver',
};
const TEXAS_MOUNTAIN_WEST_OF_LON = -104.9; // Hudspeth / Culberson county line, approx.

/** IANA zone of a point known to be in `state` (null: no correction). */
export function usTimeZoneOf(lat: number, lon: number, state: UsState | null): string {
  const zone = timeZoneOf(lat, lon);
  if (state === null || !isCanadaOrMexicoZone(zone)) return zone;
  if (state === 'TX') return lon < TEXAS_MOUNTAIN_WEST_OF_LON ? 'America/Denver' : 'America/Chicago';
  if (state === 'AK' && lon > -141) return 'America/Juneau'; // the panhandle, east of the 141st meridian
  return BORDER_ZONE[state] ?? zone;
}

const HOUR_MS = 3_600_000;
const MIXED_HOUR = 1e9; // sentinel: the offset changes inside this hour

interface ZoneCache {
  format: Intl.DateTimeFormat;
  byHour: Map<number, number>;
  lastHour: number;
  lastOffset: number;
}

const zones = new Map<string, ZoneCache>();

function zoneCache(zone: string): ZoneCache {
  let c = zones.get(zone);
  if (c === undefined) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23',
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    c = { format, byHour: new Map(), lastHour: NaN, lastOffset: 0 };
    zones.set(zone, c);
  }
  return c;
}

/** Offset computed by Intl: the zone's wall clock read as if UTC, minus the instant. */
function exactOffsetMinutes(format: Intl.DateTimeFormat, epochMs: number): number {
  const f: Record<string, number> = {};
  for (const part of format.formatToParts(epochMs)) f[part.type] = Number(part.value);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/** UTC offset in minutes (east positive: New York in January is -300) of `zone` at `epochMs`. */
export function utcOffsetMinutes(zone: string, epochMs: number): number {
  const c = zoneCache(zone);
  const hour = Math.floor(epochMs / HOUR_MS);
  if (hour === c.lastHour) return c.lastOffset;
  let offset = c.byHour.get(hour);
  if (offset === undefined) {
    const start = exactOffsetMinutes(c.format, hour * HOUR_MS);
    const end = exactOffsetMinutes(c.format, hour * HOUR_MS + HOUR_MS - 1);
    offset = start === end ? start : MIXED_HOUR;
    c.byHour.set(hour, offset);
  }
  if (offset === MIXED_HOUR) return exactOffsetMinutes(c.format, epochMs);
  c.lastHour = hour;
  c.lastOffset = offset;
  return offset;
}
