// Which US state each driving interval belongs to: the state of the interval's midpoint
// (issue; decisions.md §7). An interval whose midpoint lies in no state — a bridge over water, a
// coastal road just outside the polygons, a GPS wobble at a border — takes the state of the nearest
// earlier interval of the same trip that has one (or, at the trip's start, of the nearest later one):
// the vehicle cannot leave a state without driving through it. A trip with no point in any US state
// (driven in Canada or Mexico) is outside the service's territory and is dropped as a whole: it adds
// no trip, no exposure and no behaviour.
import type { Kinematics } from './kinematics.ts';
import { fillByBisection, sampleKeys } from './route-sampling.ts';
import type { CleanTrack } from './track.ts';
import type { TripOptions } from './trip-options.ts';
import type { Trips } from './detect-trips.ts';

export type StateOf<S extends string = string> = (lat: number, lon: number) => S | null;

export interface IntervalStates<S extends string = string> {
  /** State codes seen, indexed by the values of `state`. */
  codes: S[];
  /** Per interval: index into codes, or -1 outside kept trips. */
  state: Int32Array;
  /** Per trip: 1 when kept (at least one interval in a US state). */
  kept: Uint8Array;
}

export function assignIntervalStates<S extends string>(
  track: CleanTrack,
  kin: Kinematics,
  trips: Trips,
  stateOf: StateOf<S>,
  options: Pick<TripOptions, 'sampleEverySec' | 'sampleEveryMeters'>,
): IntervalStates<S> {
  const codes: S[] = [];
  const codeIndex = new Map<S, number>();
  const state = new Int32Array(kin.stepSec.length).fill(-1);
  const kept = new Uint8Array(trips.count);
  const { lat, lon } = track;
  const valueAt = (k: number): number => {
    const s = stateOf((lat[k] + lat[k + 1]) / 2, (lon[k] + lon[k + 1]) / 2);
    if (s === null) return -1;
    let idx = codeIndex.get(s);
    if (idx === undefined) {
      idx = codes.length;
      codes.push(s);
      codeIndex.set(s, idx);
    }
    return idx;
  };
  for (let i = 0; i < trips.count; i++) {
    const first = trips.start[i];
    const end = trips.end[i];
    const keys = sampleKeys(kin, first, end, options.sampleEverySec, options.sampleEveryMeters);
    fillByBisection(keys, valueAt, state);
    kept[i] = fillUnknownWithinTrip(state, first, end) ? 1 : 0;
    if (kept[i] === 0) state.fill(-1, first, end);
  }
  return { codes, state, kept };
}

/** Forward-fills -1 from the previous known state, then back-fills the trip's head; false if none. */
function fillUnknownWithinTrip(state: Int32Array, first: number, end: number): boolean {
  let firstKnown = -1;
  let current = -1;
  for (let k = first; k < end; k++) {
    if (state[k] >= 0) {
      current = state[k];
      if (firstKnown < 0) firstKnown = k;
    } else if (current >= 0) {
      state[k] = current;
    }
  }
  if (firstKnown < 0) return false;
  state.fill(state[firstKnown], first, firstKnown);
  return true;
}
