// Public API of telematics scoring, for the job handler.
export {
  scoreVehicleTrack,
  isVehicleScoreError,
  type VehicleTrack,
  type TelematicsScoringDeps,
  type TelematicsScoringOptions,
  type VehicleScoreResult,
  type VehicleScoreError,
  type TelematicsFigures,
} from './score-vehicle-track.ts';
export { toPpaItem, toCaItem, type PpaItem, type CaItem, type ItemOptions } from './result-items.ts';
export { aggregatedRiskScore, type ScoredExposure } from './aggregate.ts';
export { TELEMATICS_MODEL_V1, type TelematicsModel } from './model-v1.ts';
export type { Factor } from './factors.ts';
export { vehicleClassOf, type VehicleClass } from '../behaviour/behaviour-options.ts';
export type { GpsTrack } from '../trips/track.ts';
