// aggregated_risk_score of a telematics result (decisions.md §7, additive): the exposure-weighted
// mean of the vehicles' scores, so a vehicle driven 10 hours weighs ten times one driven 1 hour.
import { roundTo4 } from './score-mapping.ts';

export interface ScoredExposure {
  vehicle_risk_score: number;
  exposure_seconds: number;
}

/** Rounded to 4 decimals; null when no vehicle was scored (or none has exposure). */
export function aggregatedRiskScore(items: readonly ScoredExposure[]): number | null {
  let weighted = 0;
  let weight = 0;
  for (const it of items) {
    if (it.exposure_seconds > 0) {
      weighted += it.vehicle_risk_score * it.exposure_seconds;
      weight += it.exposure_seconds;
    }
  }
  return weight > 0 ? roundTo4(weighted / weight) : null;
}
