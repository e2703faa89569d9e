// One backtest: score a population-weighted sample of block-group centres at an effective date with
// inputs holding only crashes dated before it, and measure how well each score ranks the crashes of
// the following calendar year around each point (Gini of the concentration curve).
import { CrashIndex } from '../../src/domain/crashes/index/crash-index.ts';
import type { CrashRecord } from '../../src/domain/crashes/record.ts';
import { dayOfIsoDate } from '../../src/domain/garaging/crash-layers.ts';
import { dayOf } from '../../src/domain/garaging/data-window.ts';
import { createGaragingScorer } from '../../src/domain/garaging/garaging-scorer.ts';
import type { GaragingInputs } from '../../src/domain/garaging/inputs.ts';
import type { BlockGroupCentres } from '../../src/domain/garaging/population.ts';
import { systematicSample } from '../../src/domain/garaging/reference-sample.ts';
import type { StateLocator } from '../../src/domain/geo/states.ts';
import { concentrationGini } from './gini.ts';

export const OUTCOME_RADII_KM = [2, 5, 15];
export const MAIN_OUTCOME_RADIUS_KM = 5;

export interface SamplePoints {
  latitude: number[];
  longitude: number[];
}

/** A systematic PPS sample (offset 0.25, unlike the reference's 0.5) inside the spec's bounds. */
export function backtestSample(centres: BlockGroupCentres, n: number): { points: SamplePoints; outsideBounds: number } {
  const points: SamplePoints = { latitude: [], longitude: [] };
  let outsideBounds = 0;
  for (const i of systematicSample(centres.population, n, 0.25)) {
    const lat = centres.latitude[i], lon = centres.longitude[i];
    if (lat < 24.396308 || lat > 49.384358 || lon < -125 || lon > -66.93457) outsideBounds++;
    else {
      points.latitude.push(lat);
      points.longitude.push(lon);
    }
  }
  return { points, outsideBounds };
}

export function outcomeIndex(records: readonly CrashRecord[]): CrashIndex {
  return CrashIndex.build({
    latitude: Float64Array.from(records, (r) => r.latitude),
    longitude: Float64Array.from(records, (r) => r.longitude),
    day: Int32Array.from(records, (r) => dayOfIsoDate(r.date)),
    injuries: new Int32Array(records.length),
    fatalities: Int32Array.from(records, (r) => r.fatalities),
  });
}

export interface BacktestScores {
  v1: number[];
  v2: number[];
  density: number[];
  state: number[];
  /** Points the scorer could not score (no state within the coastal tolerance). */
  unscored: number;
  kept: number[];
}

export function scoreSample(inputs: GaragingInputs, states: StateLocator, points: SamplePoints, effectiveDate: string): BacktestScores {
  const scorer = createGaragingScorer({ inputs, states });
  const out: BacktestScores = { v1: [], v2: [], density: [], state: [], unscored: 0, kept: [] };
  for (let start = 0; start < points.latitude.length; start += 50) {
    const vehicles = [];
    for (let i = start; i < Math.min(start + 50, points.latitude.length); i++) {
      vehicles.push({ vehicle_id: String(i), garaging_location: { latitude: points.latitude[i], longitude: points.longitude[i] } });
    }
    const v1 = scorer.scoreSync('ppa', { policy_holder_id: 'backtest', version: 'v1', effective_date: effectiveDate, vehicles });
    const v2 = scorer.scoreSync('ppa', { policy_holder_id: 'backtest', version: 'v2', effective_date: effectiveDate, vehicles });
    out.unscored += v1.errors?.length ?? 0;
    v1.vehicle_risk_scores.forEach((s, k) => {
      const i = Number(s.vehicle_id);
      out.kept.push(i);
      out.v1.push(s.vehicle_risk_score);
      out.v2.push(v2.vehicle_risk_scores[k].vehicle_risk_score);
      out.density.push(inputs.population.densityAt(points.latitude[i], points.longitude[i]));
      out.state.push(inputs.stateBaseline.relativityOf(s.metadata.garaging_location.usstate));
    });
  }
  return out;
}

/** Crashes in the outcome year within each radius of each kept point. */
export function outcomes(index: CrashIndex, points: SamplePoints, kept: readonly number[], year: number): number[][] {
  const from = dayOf(year), to = dayOf(year + 1) - 1;
  const out = OUTCOME_RADII_KM.map(() => [] as number[]);
  for (const i of kept) {
    const totals = index.queryRings(points.latitude[i], points.longitude[i], OUTCOME_RADII_KM, from, to);
    totals.forEach((t, k) => out[k].push(t.crashes));
  }
  return out;
}

export interface GiniRow {
  model: string;
  gini: number[];
}

export function giniTable(scores: BacktestScores, outcome: number[][]): GiniRow[] {
  const rows: [string, number[]][] = [
    ['v2 (default)', scores.v2],
    ['v1 (crash intensity only)', scores.v1],
    ['baseline: population density only', scores.density],
    ['baseline: state only', scores.state],
  ];
  const table = rows.map(([model, s]) => ({ model, gini: outcome.map((y) => concentrationGini(s, y)) }));
  table.push({ model: 'ceiling: the outcome itself', gini: outcome.map((y) => concentrationGini(y, y)) });
  return table;
}
