// The exposure-based frequency model: relative rate = exp(Σ cᵢ), each cᵢ the log-contribution of one
// feature relative to the reference vehicle (so the reference vehicle has rate 1).
//  - Shares of time (night, speeding) mix two rates by time: the rate is 1 + (RR - 1)·share, and
//    cᵢ = ln of that over the same at the reference share. This is log-linear in ln(rate), exact for
//    a vehicle that spends `share` of its time at RR times the base rate.
//  - Event rates enter linearly in the log (β per event per hour), capped so one noisy track cannot
//    run away.
//  - Crash density and annual distance enter as elasticities on ln(ratio to reference), the ratio
//    clamped to [1/maxRatio, maxRatio].
// Every cᵢ is non-decreasing in its feature, so the score is monotone in each (tested).
import type { VehicleFeatures } from './features.ts';
import type { TelematicsModel } from './model-v1.ts';

export type FactorName =
  | 'night_share'
  | 'speeding_share'
  | 'harsh_braking_per_hour'
  | 'harsh_acceleration_per_hour'
  | 'route_crash_intensity'
  | 'annual_distance_km';

export interface Contribution {
  name: FactorName;
  /** The feature's value as the model saw it. */
  value: number | null;
  /** Log-contribution cᵢ; exp(cᵢ) is the feature's multiplicative effect on the rate. */
  log: number;
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
const share = (x: number): number => clamp(Number.isFinite(x) ? x : 0, 0, 1);
const nonNegative = (x: number): number => (Number.isFinite(x) && x > 0 ? x : 0);

function timeMix(s: number, m: { relativeRate: number; referenceShare: number }): number {
  const rr = m.relativeRate - 1;
  return Math.log((1 + rr * share(s)) / (1 + rr * m.referenceShare));
}

function eventRate(x: number, m: { betaPerEventHour: number; referencePerHour: number; capPerHour: number }): number {
  return m.betaPerEventHour * (Math.min(nonNegative(x), m.capPerHour) - m.referencePerHour);
}

function elasticity(ratio: number, e: number, maxRatio: number): number {
  const bound = Math.log(maxRatio);
  return e * clamp(Math.log(Math.max(nonNegative(ratio), Number.MIN_VALUE)), -bound, bound);
}

export function contributions(f: VehicleFeatures, model: TelematicsModel): Contribution[] {
  const crash = f.relativeRouteCrashIntensity;
  return [
    { name: 'night_share', value: share(f.nightShare), log: timeMix(f.nightShare, model.night) },
    { name: 'speeding_share', value: share(f.speedingShare), log: timeMix(f.speedingShare, model.speeding) },
    {
      name: 'harsh_braking_per_hour',
      value: nonNegative(f.harshBrakingPerHour),
      log: eventRate(f.harshBrakingPerHour, model.harshBraking),
    },
    {
      name: 'harsh_acceleration_per_hour',
      value: nonNegative(f.harshAccelerationPerHour),
      log: eventRate(f.harshAccelerationPerHour, model.harshAcceleration),
    },
    {
      name: 'route_crash_intensity',
      value: crash,
      log: crash === null ? 0 : elasticity(crash, model.routeCrash.elasticity, model.routeCrash.maxRatio),
    },
    {
      name: 'annual_distance_km',
      value: nonNegative(f.annualKm),
      log: elasticity(f.annualKm / model.mileage.referenceAnnualKm, model.mileage.elasticity, model.mileage.maxRatio),
    },
  ];
}

export function logRelativeRate(cs: readonly Contribution[]): number {
  let sum = 0;
  for (const c of cs) sum += c.log;
  return sum;
}
