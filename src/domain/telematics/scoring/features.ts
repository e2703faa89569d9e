// The model's inputs for one vehicle, from its processed track and behaviour figures.
import type { BehaviourFigures } from '../behaviour/compute-behaviour.ts';
import type { TelematicsModel } from './model-v1.ts';

export interface VehicleFeatures {
  nightShare: number;
  speedingShare: number;
  harshBrakingPerHour: number;
  harshAccelerationPerHour: number;
  /** Route crash intensity / national reference; null when unknown (neutral). */
  relativeRouteCrashIntensity: number | null;
  /** Distance scaled to a year of the observed window. */
  annualKm: number;
}

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365.25;

/**
 * Annualises distance over the observation window (first to last timestamp used), never shorter
 * than minimumObservationDays: a single 20-minute drive is taken as one day's driving, not as what
 * the vehicle does every 20 minutes of the year.
 */
export function annualKm(distanceKm: number, windowMs: number, model: TelematicsModel): number {
  const days = Math.max(windowMs / DAY_MS, model.minimumObservationDays);
  return (distanceKm * YEAR_DAYS) / days;
}

export function featuresOf(
  b: BehaviourFigures,
  windowMs: number,
  nationalCrashDensity: number,
  model: TelematicsModel,
): VehicleFeatures {
  const relative =
    b.routeCrashIntensity !== null && nationalCrashDensity > 0 ? b.routeCrashIntensity / nationalCrashDensity : null;
  return {
    nightShare: b.nightShare,
    speedingShare: b.speedingShare,
    harshBrakingPerHour: b.harshBrakingPerHour,
    harshAccelerationPerHour: b.harshAccelerationPerHour,
    relativeRouteCrashIntensity: relative,
    annualKm: annualKm(b.distanceKm, windowMs, model),
  };
}
