// Builds GaragingInputs from already-read data (records, centres, state rows): the pure half of
// loading, used by loader.ts, by the backtest and by tests with synthetic data.
import { US_STATES, US_STATE_INFO } from '../geo/us-states.ts';
import { buildNationalLayer, buildRefinementLayer, type LayerColumns, type LayerRecord } from './crash-layers.ts';
import type { KernelParams } from './crash-intensity.ts';
import type { GaragingInputs } from './inputs.ts';
import { PopulationIndex, type BlockGroupCentres } from './population.ts';
import { referencePoints, REFERENCE_SAMPLE_SIZE } from './reference-sample.ts';
import { StateBaseline, type StateLossRow } from './state-baseline.ts';

export interface GaragingSourceData {
  /** Records as objects (tests, the backtest) or as columns (the server, from the crash store's pages). */
  national: { name: string; records: readonly LayerRecord[] | LayerColumns; coverage: readonly { state: string; year: number }[] };
  refinements: readonly { name: string; records: readonly LayerRecord[] | LayerColumns }[];
  centres: BlockGroupCentres;
  stateLosses: readonly StateLossRow[];
  kernel?: KernelParams;
  referenceSize?: number;
}

export function buildGaragingInputs(data: GaragingSourceData): GaragingInputs {
  const population = PopulationIndex.fromCentres(data.centres);
  return {
    national: buildNationalLayer(data.national.name, data.national.records, data.national.coverage),
    refinements: data.refinements.filter((r) => r.records.length > 0).map((r) => buildRefinementLayer(r.name, r.records)),
    population,
    reference: referencePoints(data.centres, population, data.referenceSize ?? REFERENCE_SAMPLE_SIZE),
    stateBaseline: StateBaseline.fromRows(data.stateLosses, populationByState(data.centres)),
    kernel: data.kernel,
  };
}

/** 2020 population per USPS code, from the block-group centres. */
export function populationByState(centres: BlockGroupCentres): Map<string, number> {
  const byFips = new Map<number, number>();
  for (let i = 0; i < centres.population.length; i++) {
    byFips.set(centres.stateFips[i], (byFips.get(centres.stateFips[i]) ?? 0) + centres.population[i]);
  }
  const out = new Map<string, number>();
  for (const code of US_STATES) out.set(code, byFips.get(Number(US_STATE_INFO[code].fips)) ?? 0);
  return out;
}
