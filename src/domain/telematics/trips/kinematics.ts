// Distances, data breaks and smoothed speeds of a clean track, in a few linear passes.
//
// Interval k joins point k to point k+1. It is a *break* when it cannot be driving we measured:
// a gap longer than maxGapSec, or a step faster than maxPlausibleSpeedMps (a jump the cleaner
// confirmed as a relocation). Breaks end trips and are never exposure.
//
// Speed at a point is the great-circle displacement across a centred window of ±h seconds, divided
// by the window's duration: smoothing the positions before differencing them. A path-length average
// would not do: a parked receiver's few metres of jitter add up along the path but cancel in the
// displacement. Windows never cross a break. Two widths are kept, because one cannot serve both uses:
//  - `speed` (±speedHalfWindowSec = 2 s) decides moving vs stopped and speeding; it must be wide
//    enough that a parked receiver's jitter does not read as 5 mph;
//  - `eventSpeed` (±accelerationHalfWindowSec = 1 s) is differenced for harsh events; a window of
//    width W caps a speed change shorter than W at Δv / W, so the 4 s window would read a 30-0 mph
//    stop in 2.7 s (0.5 g) as 0.34 g and miss it, while the 2 s window keeps its full slope. When the window holds no neighbour at all (sparse
// sampling) the nearest neighbour on each side is used.
import type { CleanTrack } from './track.ts';
import type { TripOptions } from './trip-options.ts';
import { EARTH_RADIUS_M, toUnitVectors, type UnitVectors } from './unit-vectors.ts';

export interface Kinematics {
  /** Length of each interval, m (n - 1 entries). */
  stepMeters: Float64Array;
  /** Duration of each interval, s. */
  stepSec: Float64Array;
  /** 1 where the interval is a break (gap or confirmed jump). */
  isBreak: Uint8Array;
  /** Smoothed speed at each point, m/s (n entries), for movement and speeding. */
  speed: Float64Array;
  /** Lightly smoothed speed at each point, m/s, differenced for harsh events. */
  eventSpeed: Float64Array;
}

export function computeKinematics(
  track: CleanTrack,
  options: Pick<TripOptions, 'maxGapSec' | 'maxPlausibleSpeedMps' | 'speedHalfWindowSec' | 'accelerationHalfWindowSec'>,
): Kinematics {
  const { n, lat, lon, tSec } = track;
  const u = toUnitVectors(lat, lon, n);
  const m = Math.max(0, n - 1);
  const stepMeters = new Float64Array(m);
  const stepSec = new Float64Array(m);
  const isBreak = new Uint8Array(m);
  for (let k = 0; k < m; k++) {
    const d = arcMeters(u, k, k + 1);
    const dt = tSec[k + 1] - tSec[k];
    stepMeters[k] = d;
    stepSec[k] = dt;
    if (dt > options.maxGapSec || d > options.maxPlausibleSpeedMps * dt) isBreak[k] = 1;
  }
  const speed = smoothedSpeeds(tSec, u, isBreak, options.speedHalfWindowSec);
  const eventSpeed = smoothedSpeeds(tSec, u, isBreak, options.accelerationHalfWindowSec);
  return { stepMeters, stepSec, isBreak, speed, eventSpeed };
}

function smoothedSpeeds(tSec: Float64Array, u: UnitVectors, isBreak: Uint8Array, half: number): Float64Array {
  const n = tSec.length;
  const speed = new Float64Array(n);
  let segStart = 0;
  while (segStart < n) {
    let segEnd = segStart; // last point of the segment (no break inside)
    while (segEnd < n - 1 && isBreak[segEnd] === 0) segEnd++;
    let j0 = segStart;
    let j1 = segStart;
    for (let i = segStart; i <= segEnd; i++) {
      const t = tSec[i];
      while (tSec[j0] < t - half) j0++;
      if (j1 < i) j1 = i;
      while (j1 < segEnd && tSec[j1 + 1] <= t + half) j1++;
      let a = j0;
      let b = j1;
      if (a === i && b === i) {
        if (a > segStart) a = i - 1;
        if (b < segEnd) b = i + 1;
      }
      speed[i] = b > a ? shortChordMeters(u, a, b) / (tSec[b] - tSec[a]) : 0;
    }
    segStart = segEnd + 1;
  }
  return speed;
}

/** Chord between points i and j, in units of the radius. */
function chord(u: UnitVectors, i: number, j: number): number {
  const dx = u.x[j] - u.x[i];
  const dy = u.y[j] - u.y[i];
  const dz = u.z[j] - u.z[i];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Exact great-circle distance between points i and j, m. */
function arcMeters(u: UnitVectors, i: number, j: number): number {
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, chord(u, i, j) / 2));
}

/**
 * Chord in metres: equal to the arc within 1e-9 relative over the few-second windows speed is
 * measured on (the difference is d³/24R²), without the asin.
 */
function shortChordMeters(u: UnitVectors, i: number, j: number): number {
  return EARTH_RADIUS_M * chord(u, i, j);
}
