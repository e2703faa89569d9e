// The crash data the garaging model reads, built once from normalized crash records.
//
// decisions / issue: "a place must never score higher only because a richer source covers it".
// So the data come in two layers:
// - the national layer: fatal crashes from a source that covers every state (FARS). Every
//   place's crash intensity is measured on it, so places compare on equal terms.
// - refinement layers: sources that cover a city or region only (NYC, Oakland, San Francisco,
//   central Indiana), with injury and property-damage crashes. They only redistribute the national
//   estimate inside their own footprint (crash-intensity.ts), never add to it.
import { CrashIndex } from '../crashes/index/crash-index.ts';
import { KM_PER_DEGREE } from '../geo/distance.ts';
import type { CrashRecord, Severity } from '../crashes/record.ts';
import { dayOf, type DayRange } from './data-window.ts';
import { SEVERITY_WEIGHTS } from './severity-weights.ts';

export type LayerRecord = Pick<CrashRecord, 'date' | 'latitude' | 'longitude' | 'state' | 'severity' | 'fatalities'>;

export interface NationalCrashLayer {
  name: string;
  /** Fatal crashes only: the severity every state has. */
  index: CrashIndex;
  /** Years of data per state (USPS code), from the catalog's coverage of the source. */
  coverage: ReadonlyMap<string, readonly number[]>;
}

/**
 * Footprint cell size: 0.02° (about 2.2 km north-south, 1.7 km east-west at 40°N), a few city
 * blocks across, so that a city's streets fill its footprint without gaps while open water and
 * the countryside beyond its edge stay outside (judgment).
 */
export const FOOTPRINT_CELL_DEG = 0.02;

export interface Footprint {
  /** Cell ids (see cellId) holding at least one of the source's records. */
  cells: ReadonlySet<number>;
  /** Centres of those cells, for averages over the footprint. */
  centres: { latitude: number; longitude: number }[];
  areaKm2: number;
}

export interface RefinementLayer {
  name: string;
  /** The state most of its records lie in (for `coverage`). */
  state: string;
  /** Years it has records for. */
  years: readonly number[];
  /**
   * The source's crashes; each crash's `injuries` column holds its severity weight in
   * WEIGHT_UNIT units (so one query sums weights: see weightedIndexOf).
   */
  index: CrashIndex;
  /** Records per severity. */
  severityCounts: ReadonlyMap<Severity, number>;
  footprint: Footprint;
  /** Weight of the severity most of its records have (the unit of its pseudo-crashes). */
  typicalWeight: number;
  /** Distinct crash days ascending, and the crashes and severity-weighted crashes on or before each. */
  days: Int32Array;
  cumulativeCount: Float64Array;
  cumulativeWeight: Float64Array;
}

export function dayOfIsoDate(date: string): number {
  return dayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
}

/**
 * Severity weights are stored as integers in units of a tenth of a property-damage crash's weight
 * (fatal = 9,492 units): rounding error under 0.3%, and the largest source here (NYC, ~14,000
 * crashes) stays far below the index's int32 sums.
 */
export const WEIGHT_UNIT = SEVERITY_WEIGHTS['property-damage'] / 10;

function weightedIndexOf(records: readonly LayerRecord[], dataVersion: string): CrashIndex {
  return CrashIndex.build(
    {
      latitude: Float64Array.from(records, (r) => r.latitude),
      longitude: Float64Array.from(records, (r) => r.longitude),
      day: Int32Array.from(records, (r) => dayOfIsoDate(r.date)),
      injuries: Int32Array.from(records, (r) => Math.round(SEVERITY_WEIGHTS[r.severity] / WEIGHT_UNIT)),
      fatalities: Int32Array.from(records, (r) => r.fatalities),
    },
    { dataVersion },
  );
}

function indexOf(records: readonly LayerRecord[], dataVersion: string): CrashIndex {
  return CrashIndex.build(
    {
      latitude: Float64Array.from(records, (r) => r.latitude),
      longitude: Float64Array.from(records, (r) => r.longitude),
      day: Int32Array.from(records, (r) => dayOfIsoDate(r.date)),
      injuries: new Int32Array(records.length),
      fatalities: Int32Array.from(records, (r) => r.fatalities),
    },
    { dataVersion },
  );
}

export function buildNationalLayer(
  name: string,
  records: readonly LayerRecord[],
  coverage: readonly { state: string; year: number }[],
): NationalCrashLayer {
  const fatal = records.filter((r) => r.severity === 'fatal' || r.fatalities > 0);
  const years = new Map<string, number[]>();
  for (const { state, year } of coverage) years.set(state, [...(years.get(state) ?? []), year]);
  for (const list of years.values()) list.sort((a, b) => a - b);
  return { name, index: indexOf(fatal, name), coverage: years };
}

export function cellId(latitude: number, longitude: number): number {
  const row = Math.floor((latitude + 90) / FOOTPRINT_CELL_DEG);
  const col = Math.floor((longitude + 180) / FOOTPRINT_CELL_DEG);
  return row * 100_000 + col;
}

function footprintOf(records: readonly LayerRecord[]): Footprint {
  const cells = new Set<number>();
  for (const r of records) cells.add(cellId(r.latitude, r.longitude));
  const centres = [...cells].sort((a, b) => a - b).map((id) => ({
    latitude: (Math.floor(id / 100_000) + 0.5) * FOOTPRINT_CELL_DEG - 90,
    longitude: ((id % 100_000) + 0.5) * FOOTPRINT_CELL_DEG - 180,
  }));
  const side = FOOTPRINT_CELL_DEG * KM_PER_DEGREE;
  const areaKm2 = centres.reduce((sum, c) => sum + side * side * Math.cos((c.latitude * Math.PI) / 180), 0);
  return { cells, centres, areaKm2 };
}

export function buildRefinementLayer(name: string, records: readonly LayerRecord[]): RefinementLayer {
  const severityCounts = new Map<Severity, number>();
  for (const r of records) severityCounts.set(r.severity, (severityCounts.get(r.severity) ?? 0) + 1);
  const stateCounts = new Map<string, number>();
  for (const r of records) stateCounts.set(r.state, (stateCounts.get(r.state) ?? 0) + 1);
  const state = [...stateCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
  const years = [...new Set(records.map((r) => Number(r.date.slice(0, 4))))].sort((a, b) => a - b);
  const byDay = new Map<number, { count: number; weight: number }>();
  for (const r of records) {
    const d = dayOfIsoDate(r.date);
    const entry = byDay.get(d) ?? { count: 0, weight: 0 };
    entry.count++;
    entry.weight += Math.round(SEVERITY_WEIGHTS[r.severity] / WEIGHT_UNIT) * WEIGHT_UNIT; // as the index sums it
    byDay.set(d, entry);
  }
  const days = Int32Array.from([...byDay.keys()].sort((a, b) => a - b));
  const cumulativeCount = new Float64Array(days.length), cumulativeWeight = new Float64Array(days.length);
  let count = 0, weight = 0;
  days.forEach((d, i) => {
    cumulativeCount[i] = count += byDay.get(d)!.count;
    cumulativeWeight[i] = weight += byDay.get(d)!.weight;
  });
  const modal = [...severityCounts].sort((a, b) => b[1] - a[1] || SEVERITY_WEIGHTS[b[0]] - SEVERITY_WEIGHTS[a[0]])[0];
  return {
    name, state, years, index: weightedIndexOf(records, name), severityCounts,
    typicalWeight: modal ? SEVERITY_WEIGHTS[modal[0]] : 1,
    footprint: footprintOf(records), days, cumulativeCount, cumulativeWeight,
  };
}

/** Severity-weighted crashes of a refinement layer inside the day ranges (all of its footprint). */
export function layerWeightIn(layer: RefinementLayer, ranges: readonly DayRange[]): number {
  return sumIn(layer, layer.cumulativeWeight, ranges);
}

/** Crashes (records) of a refinement layer inside the day ranges. */
export function layerCountIn(layer: RefinementLayer, ranges: readonly DayRange[]): number {
  return sumIn(layer, layer.cumulativeCount, ranges);
}

function sumIn(layer: RefinementLayer, cumulative: Float64Array, ranges: readonly DayRange[]): number {
  const upTo = (day: number): number => {
    let lo = 0, hi = layer.days.length; // first index with days[i] > day
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (layer.days[mid] <= day) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : cumulative[lo - 1];
  };
  return ranges.reduce((sum, r) => sum + upTo(r.to) - upTo(r.from - 1), 0);
}
