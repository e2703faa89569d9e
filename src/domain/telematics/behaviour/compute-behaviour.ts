// The driving-behaviour figures of one processed vehicle track, all over kept trips only.
import type { ProcessedTrack } from '../trips/process-track.ts';
import { DEFAULT_TRIP_OPTIONS, type TripOptions } from '../trips/trip-options.ts';
import type { BehaviourDeps } from './behaviour-deps.ts';
import { DEFAULT_BEHAVIOUR_OPTIONS, type BehaviourOptions } from './behaviour-options.ts';
import { drivingTotals } from './driving-totals.ts';
import { countHarshEvents } from './harsh-events.ts';
import { nightDrivingSeconds } from './night-driving.ts';
import { routeCrashIntensity } from './route-crash-intensity.ts';

export interface BehaviourFigures {
  distanceKm: number;
  /** Exact driving seconds the shares and rates below are relative to. */
  drivingSeconds: number;
  nightSeconds: number;
  /** Share of driving time in the local night window, [0, 1]. */
  nightShare: number;
  speedingSeconds: number;
  /** Share of driving time above the speeding threshold, [0, 1]. */
  speedingShare: number;
  harshBrakingEvents: number;
  harshAccelerationEvents: number;
  harshBrakingPerHour: number;
  harshAccelerationPerHour: number;
  /** Driving-time-weighted mean crash density along the route; null without driving. */
  routeCrashIntensity: number | null;
}

export function computeBehaviour(
  p: ProcessedTrack,
  deps: BehaviourDeps,
  options: BehaviourOptions = DEFAULT_BEHAVIOUR_OPTIONS,
  sampling: Pick<TripOptions, 'sampleEverySec' | 'sampleEveryMeters'> = DEFAULT_TRIP_OPTIONS,
): BehaviourFigures {
  const seconds = p.exposureSecondsExact;
  const hours = seconds / 3600;
  const totals = drivingTotals(p, options.speedingMps);
  const night = nightDrivingSeconds(p, deps.utcOffsetMinutes, options, sampling);
  const harsh = countHarshEvents(p, options);
  return {
    distanceKm: totals.meters / 1000,
    drivingSeconds: seconds,
    nightSeconds: night,
    nightShare: seconds > 0 ? night / seconds : 0,
    speedingSeconds: totals.speedingSeconds,
    speedingShare: seconds > 0 ? totals.speedingSeconds / seconds : 0,
    harshBrakingEvents: harsh.braking,
    harshAccelerationEvents: harsh.acceleration,
    harshBrakingPerHour: hours > 0 ? harsh.braking / hours : 0,
    harshAccelerationPerHour: hours > 0 ? harsh.acceleration / hours : 0,
    routeCrashIntensity: routeCrashIntensity(p, deps.crashDensityAt, sampling),
  };
}
