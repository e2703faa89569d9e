// Turns a vehicle's raw points into a clean, strictly time-ordered track in one pass:
//  - points are taken in time order (ties in file order);
//  - non-finite values and exactly (0, 0) — the "no fix" placeholder of many GPS devices — go;
//  - a point with the timestamp of the previous kept point goes (the first in file order stays);
//  - GPS jumps (implied speed over maxPlausibleSpeedMps, 70 m/s) go: see jump-filter.ts.
import { JumpFilter } from './jump-filter.ts';
import { timeOrder } from './time-order.ts';
import type { CleanTrack, DroppedPoints, GpsTrack } from './track.ts';
import { DEFAULT_TRIP_OPTIONS, type TripOptions } from './trip-options.ts';

export function cleanTrack(
  track: GpsTrack,
  options: Pick<TripOptions, 'maxPlausibleSpeedMps' | 'jumpConfirmPoints'> = DEFAULT_TRIP_OPTIONS,
): CleanTrack {
  const { latitude, longitude, epochMs } = track;
  const n = epochMs.length;
  const order = timeOrder(epochMs);
  const out = new JumpFilter(n, options.maxPlausibleSpeedMps, options.jumpConfirmPoints);
  const dropped: DroppedPoints = { invalid: 0, nullIsland: 0, duplicateTimestamp: 0, jump: 0 };
  for (let r = 0; r < n; r++) {
    const i = order === null ? r : order[r];
    const la = latitude[i];
    const lo = longitude[i];
    const t = epochMs[i] / 1000;
    if (!Number.isFinite(la) || !Number.isFinite(lo) || !Number.isFinite(t)) dropped.invalid++;
    else if (la === 0 && lo === 0) dropped.nullIsland++;
    else if (t <= out.lastTime()) dropped.duplicateTimestamp++;
    else out.offer(la, lo, t);
  }
  out.finish();
  dropped.jump = out.dropped;
  const kept = out.kept;
  return {
    n: kept,
    lat: out.lat.subarray(0, kept),
    lon: out.lon.subarray(0, kept),
    tSec: out.tSec.subarray(0, kept),
    dropped,
  };
}
