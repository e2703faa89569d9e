// Splits a clean track into trips with one pass over its intervals.
//  - An interval is moving when the mean smoothed speed of its two ends reaches movingSpeedMps.
//  - A trip starts at the first moving interval, and runs to the end of its last moving interval.
//  - It ends when the vehicle has been stopped for stopEndsTripSec since that last moving interval,
//    or at a break (a data gap over maxGapSec or a confirmed GPS jump).
//  - Shorter stops (traffic lights, queues) stay inside the trip and count as driving time: the
//    vehicle is in traffic, and rear-end crashes happen there.
//  - A "trip" covering less than minTripMeters is receiver drift, not a journey, and is discarded.
import type { Kinematics } from './kinematics.ts';
import type { CleanTrack } from './track.ts';
import type { TripOptions } from './trip-options.ts';

/** Trips as point-index ranges [start, end]; trip i covers intervals start[i] .. end[i] - 1. */
export interface Trips {
  count: number;
  start: Int32Array;
  end: Int32Array;
}

export function detectTrips(
  track: CleanTrack,
  kin: Kinematics,
  options: Pick<TripOptions, 'movingSpeedMps' | 'stopEndsTripSec' | 'minTripMeters'>,
): Trips {
  const { tSec } = track;
  const { speed, isBreak, stepMeters } = kin;
  const m = isBreak.length;
  const starts: number[] = [];
  const ends: number[] = [];
  const twiceMoving = 2 * options.movingSpeedMps;
  let inTrip = false;
  let start = 0;
  let lastMovingEnd = 0;

  const close = (): void => {
    inTrip = false;
    let meters = 0;
    for (let k = start; k < lastMovingEnd; k++) meters += stepMeters[k];
    if (meters >= options.minTripMeters) {
      starts.push(start);
      ends.push(lastMovingEnd);
    }
  };

  for (let k = 0; k < m; k++) {
    if (isBreak[k] === 1) {
      if (inTrip) close();
      continue;
    }
    if (speed[k] + speed[k + 1] >= twiceMoving) {
      if (!inTrip) {
        inTrip = true;
        start = k;
      }
      lastMovingEnd = k + 1;
    } else if (inTrip && tSec[k + 1] - tSec[lastMovingEnd] >= options.stopEndsTripSec) {
      close();
    }
  }
  if (inTrip) close();
  return { count: starts.length, start: Int32Array.from(starts), end: Int32Array.from(ends) };
}
