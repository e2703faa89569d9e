// The two result shapes of the spec, built from one VehicleScoreResult.
// PPA: {vehicle_id, vehicle_risk_score, version, metadata{start, end, num_trips, exposure_seconds,
// state_exposure}}; CA: {vehicle_id, vehicle_risk_score, telematics_metadata{start, end, num_trips,
// exposure_seconds, states}}. The additive `factors` and `figures` (decisions.md §5, §7) go inside
// the metadata object, beside the spec's fields; pass {additive: false} for the bare spec shape.
import type { Factor } from './factors.ts';
import type { StateExposureEntry } from '../trips/state-exposure.ts';
import type { TelematicsFigures, VehicleScoreResult } from './score-vehicle-track.ts';

interface Additive {
  factors?: Factor[];
  figures?: TelematicsFigures;
}

export interface PpaItem<S extends string = string> {
  vehicle_id: string;
  vehicle_risk_score: number;
  version: 'v1';
  metadata: {
    start: string;
    end: string;
    num_trips: number;
    exposure_seconds: number;
    state_exposure: StateExposureEntry<S>[];
  } & Additive;
}

export interface CaItem<S extends string = string> {
  vehicle_id: string;
  vehicle_risk_score: number;
  telematics_metadata: {
    start: string;
    end: string;
    num_trips: number;
    exposure_seconds: number;
    states: S[];
  } & Additive;
}

export interface ItemOptions {
  additive?: boolean;
}

function additive(r: VehicleScoreResult<string>, o: ItemOptions): Additive {
  return o.additive === false ? {} : { factors: r.factors, figures: r.figures };
}

export function toPpaItem<S extends string>(r: VehicleScoreResult<S>, o: ItemOptions = {}): PpaItem<S> {
  return {
    vehicle_id: r.vehicle_id,
    vehicle_risk_score: r.vehicle_risk_score,
    version: 'v1',
    metadata: {
      start: r.start,
      end: r.end,
      num_trips: r.num_trips,
      exposure_seconds: r.exposure_seconds,
      state_exposure: r.state_exposure.map((e) => ({ ...e })),
      ...additive(r, o),
    },
  };
}

export function toCaItem<S extends string>(r: VehicleScoreResult<S>, o: ItemOptions = {}): CaItem<S> {
  return {
    vehicle_id: r.vehicle_id,
    vehicle_risk_score: r.vehicle_risk_score,
    telematics_metadata: {
      start: r.start,
      end: r.end,
      num_trips: r.num_trips,
      exposure_seconds: r.exposure_seconds,
      states: [...r.states],
      ...additive(r, o),
    },
  };
}
