// Distance and time above the speeding threshold, over the intervals of kept trips.
// Distance is the sum of great-circle steps between fixes (not smoothed: smoothing would cut corners).
// Speeding uses the smoothed speed, mean of the interval's two ends, so one noisy fix cannot make a
// second of speeding.
import type { ProcessedTrack } from '../trips/process-track.ts';

export interface DrivingTotals {
  meters: number;
  speedingSeconds: number;
}

export function drivingTotals(p: ProcessedTrack, speedingMps: number): DrivingTotals {
  const { stepMeters, stepSec, speed } = p.kin;
  let meters = 0;
  let speedingSeconds = 0;
  const twiceLimit = 2 * speedingMps;
  for (let i = 0; i < p.trips.count; i++) {
    for (let k = p.trips.start[i]; k < p.trips.end[i]; k++) {
      meters += stepMeters[k];
      if (speed[k] + speed[k + 1] > twiceLimit) speedingSeconds += stepSec[k];
    }
  }
  return { meters, speedingSeconds };
}
