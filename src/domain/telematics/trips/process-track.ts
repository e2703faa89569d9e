// One vehicle's trip processing, end to end: clean → speeds → trips → states → exposure.
// Exposure is driving time inside kept trips (moving time plus the short in-trip stops; see
// detect-trips.ts), counted in real elapsed seconds.
import { cleanTrack } from './clean-track.ts';
import { detectTrips, type Trips } from './detect-trips.ts';
import { assignIntervalStates, type StateOf } from './interval-states.ts';
import { computeKinematics, type Kinematics } from './kinematics.ts';
import { stateExposure, type StateExposureEntry } from './state-exposure.ts';
import type { CleanTrack, GpsTrack } from './track.ts';
import { DEFAULT_TRIP_OPTIONS, type TripOptions } from './trip-options.ts';

export interface ProcessedTrack<S extends string = string> {
  track: CleanTrack;
  kin: Kinematics;
  /** Kept trips only (those with driving in a US state). */
  trips: Trips;
  /** Trips found but dropped because no part of them lies in a US state. */
  tripsOutsideUs: number;
  /** Per interval: index into stateCodes when inside a kept trip, else -1. */
  intervalState: Int32Array;
  stateCodes: S[];
  exposureSecondsExact: number;
  /** Integer exposure (rounded exact seconds); equals the sum of stateExposure's seconds. */
  exposureSeconds: number;
  stateExposure: StateExposureEntry<S>[];
  /** First and last timestamps of the cleaned track, ms; null when no point survived cleaning. */
  firstEpochMs: number | null;
  lastEpochMs: number | null;
}

export function processTrack<S extends string>(
  raw: GpsTrack,
  stateOf: StateOf<S>,
  options: TripOptions = DEFAULT_TRIP_OPTIONS,
): ProcessedTrack<S> {
  const track = cleanTrack(raw, options);
  const kin = computeKinematics(track, options);
  const candidates = detectTrips(track, kin, options);
  const states = assignIntervalStates(track, kin, candidates, stateOf, options);
  const trips = keptTrips(candidates, states.kept);

  const secondsByState = new Float64Array(states.codes.length);
  let exact = 0;
  for (let k = 0; k < states.state.length; k++) {
    const s = states.state[k];
    if (s >= 0) {
      secondsByState[s] += kin.stepSec[k];
      exact += kin.stepSec[k];
    }
  }
  const exposureSeconds = Math.round(exact);
  return {
    track,
    kin,
    trips,
    tripsOutsideUs: candidates.count - trips.count,
    intervalState: states.state,
    stateCodes: states.codes,
    exposureSecondsExact: exact,
    exposureSeconds,
    stateExposure: stateExposure(states.codes, secondsByState, exposureSeconds),
    firstEpochMs: track.n > 0 ? Math.round(track.tSec[0] * 1000) : null,
    lastEpochMs: track.n > 0 ? Math.round(track.tSec[track.n - 1] * 1000) : null,
  };
}

function keptTrips(trips: Trips, kept: Uint8Array): Trips {
  const start: number[] = [];
  const end: number[] = [];
  for (let i = 0; i < trips.count; i++) {
    if (kept[i] === 1) {
      start.push(trips.start[i]);
      end.push(trips.end[i]);
    }
  }
  return { count: start.length, start: Int32Array.from(start), end: Int32Array.from(end) };
}
