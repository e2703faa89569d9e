// One vehicle, from raw GPS points to its score (or the reason it has none):
// trips → behaviour → features → relative rate → score, factors and the figures behind them.
import type { BehaviourDeps } from '../behaviour/behaviour-deps.ts';
import { computeBehaviour, type BehaviourFigures } from '../behaviour/compute-behaviour.ts';
import {
  DEFAULT_BEHAVIOUR_OPTIONS,
  HARSH_THRESHOLDS_BY_CLASS,
  type BehaviourOptions,
  type VehicleClass,
} from '../behaviour/behaviour-options.ts';
import type { StateOf } from '../trips/interval-states.ts';
import { processTrack } from '../trips/process-track.ts';
import type { StateExposureEntry } from '../trips/state-exposure.ts';
import type { GpsTrack } from '../trips/track.ts';
import { DEFAULT_TRIP_OPTIONS, type TripOptions } from '../trips/trip-options.ts';
import { topFactors, type Factor } from './factors.ts';
import { featuresOf, type VehicleFeatures } from './features.ts';
import { TELEMATICS_MODEL_V1, type TelematicsModel } from './model-v1.ts';
import { contributions, logRelativeRate } from './relative-rate.ts';
import { roundTo4, scoreFromLogRate } from './score-mapping.ts';
import { isoWithoutZone } from './utc-datetime.ts';
import { unscorableReason } from './unscorable.ts';

export interface VehicleTrack extends GpsTrack {
  vehicleId: string;
}

export interface TelematicsScoringDeps<S extends string = string> extends BehaviourDeps {
  stateOf: StateOf<S>;
  /** crashDensityAt's national reference value, in its unit (route intensity is relative to it). */
  nationalCrashDensity: number;
}

export interface TelematicsScoringOptions {
  trip?: Partial<TripOptions>;
  behaviour?: Partial<BehaviourOptions>;
  /** Picks the harsh-event thresholds when behaviour.harsh is not given; default 'light'. */
  vehicleClass?: VehicleClass;
  model?: TelematicsModel;
}

/** The figures behind the factors (decisions.md §7, additive), rounded for display. */
export interface TelematicsFigures {
  distance_km: number;
  night_share: number;
  speeding_share: number;
  harsh_braking_per_hour: number;
  harsh_acceleration_per_hour: number;
  route_crash_intensity: number | null;
  relative_route_crash_intensity: number | null;
  annualized_distance_km: number;
}

export interface VehicleScoreResult<S extends string = string> {
  vehicle_id: string;
  vehicle_risk_score: number;
  /** exp(Σ cᵢ): expected crash frequency relative to the reference vehicle. */
  relative_rate: number;
  start: string;
  end: string;
  num_trips: number;
  exposure_seconds: number;
  state_exposure: StateExposureEntry<S>[];
  /** States driven in, by exposure, largest first (CA's `states`). */
  states: S[];
  factors: Factor[];
  figures: TelematicsFigures;
}

export interface VehicleScoreError {
  vehicle_id: string;
  error_reason: string;
}

export function isVehicleScoreError<S extends string>(
  r: VehicleScoreResult<S> | VehicleScoreError,
): r is VehicleScoreError {
  return 'error_reason' in r;
}

export function scoreVehicleTrack<S extends string>(
  track: VehicleTrack,
  deps: TelematicsScoringDeps<S>,
  options: TelematicsScoringOptions = {},
): VehicleScoreResult<S> | VehicleScoreError {
  const tripOptions: TripOptions = { ...DEFAULT_TRIP_OPTIONS, ...options.trip };
  const behaviourOptions: BehaviourOptions = {
    ...DEFAULT_BEHAVIOUR_OPTIONS,
    harsh: HARSH_THRESHOLDS_BY_CLASS[options.vehicleClass ?? 'light'],
    ...options.behaviour,
  };
  const model = options.model ?? TELEMATICS_MODEL_V1;

  const p = processTrack(track, deps.stateOf, tripOptions);
  const reason = unscorableReason(p, track.epochMs.length, model);
  if (reason !== null || p.firstEpochMs === null || p.lastEpochMs === null) {
    return { vehicle_id: track.vehicleId, error_reason: reason ?? 'no usable GPS points' };
  }
  const b = computeBehaviour(p, deps, behaviourOptions, tripOptions);
  const f = featuresOf(b, p.lastEpochMs - p.firstEpochMs, deps.nationalCrashDensity, model);
  const cs = contributions(f, model);
  const logRate = logRelativeRate(cs);
  return {
    vehicle_id: track.vehicleId,
    vehicle_risk_score: scoreFromLogRate(logRate, model.scoreLogSigma),
    relative_rate: roundTo4(Math.exp(logRate)),
    start: isoWithoutZone(p.firstEpochMs),
    end: isoWithoutZone(p.lastEpochMs),
    num_trips: p.trips.count,
    exposure_seconds: p.exposureSeconds,
    state_exposure: p.stateExposure,
    states: p.stateExposure.map((e) => e.usstate),
    factors: topFactors(cs),
    figures: figuresOf(b, f),
  };
}

function figuresOf(b: BehaviourFigures, f: VehicleFeatures): TelematicsFigures {
  const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
  return {
    distance_km: round(b.distanceKm, 3),
    night_share: roundTo4(b.nightShare),
    speeding_share: roundTo4(b.speedingShare),
    harsh_braking_per_hour: roundTo4(b.harshBrakingPerHour),
    harsh_acceleration_per_hour: roundTo4(b.harshAccelerationPerHour),
    route_crash_intensity: b.routeCrashIntensity === null ? null : roundTo4(b.routeCrashIntensity),
    relative_route_crash_intensity: f.relativeRouteCrashIntensity === null ? null : roundTo4(f.relativeRouteCrashIntensity),
    annualized_distance_km: round(f.annualKm, 1),
  };
}
