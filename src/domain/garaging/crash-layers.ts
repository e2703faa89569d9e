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
import { SEVERITIES, type CrashRecord, type Severity } from '../crashes/record.ts';
import { dayOf, type DayRange } from './data-window.ts';
import { SEVERITY_WEIGHTS } from './severity-weights.ts';

export type LayerRecord = Pick<CrashRecord, 'date' | 'latitude' | 'longitude' | 'state' | 'severity' | 'fatalities'>;

/**
 * A source's crashes as typed columns (what the layers are built from): a few bytes per crash
 * instead of an object with a date string each, so a server start never holds the whole crash
 * store as objects. Row i of every column is one crash, in the store's order.
 */
export interface LayerColumns {
  length: number;
  latitude: Float64Array;
  longitude: Float64Array;
  /** Days since 1970-01-01 of the crash date (dayOfIsoDate). */
  day: Int32Array;
  /** Index into SEVERITIES. */
  severity: Uint8Array;
  fatalities: Int32Array;
  /** Index into `states`. */
  state: Uint16Array;
  states: readonly string[];
}

const SEVERITY_CODE = new Map<string, number>(SEVERITIES.map((s, i) => [s, i]));

/** Appends crashes to growable typed columns (capacity: the expected count, e.g. from a SQL count). */
export class LayerColumnsBuilder {
  private n = 0;
  private latitude: Float64Array;
  private longitude: Float64Array;
  private day: Int32Array;
  private severity: Uint8Array;
  private fatalities: Int32Array;
  private state: Uint16Array;
  private readonly states: string[] = [];
  private readonly stateCode = new Map<string, number>();

  constructor(capacity = 1024) {
    const c = Math.max(1, capacity);
    this.latitude = new Float64Array(c);
    this.longitude = new Float64Array(c);
    this.day = new Int32Array(c);
    this.severity = new Uint8Array(c);
    this.fatalities = new Int32Array(c);
    this.state = new Uint16Array(c);
  }

  get length(): number {
    return this.n;
  }

  add(date: string, latitude: number, longitude: number, state: string, severity: string, fatalities: number): void {
    if (this.n === this.latitude.length) this.grow();
    const severityCode = SEVERITY_CODE.get(severity);
    if (severityCode === undefined) throw new Error(`unknown crash severity ${JSON.stringify(severity)}`);
    let stateCode = this.stateCode.get(state);
    if (stateCode === undefined) {
      stateCode = this.states.length;
      this.states.push(state);
      this.stateCode.set(state, stateCode);
    }
    const i = this.n++;
    this.latitude[i] = latitude;
    this.longitude[i] = longitude;
    this.day[i] = dayOfIsoDate(date);
    this.severity[i] = severityCode;
    this.fatalities[i] = fatalities;
    this.state[i] = stateCode;
  }

  /** The columns, trimmed to the crashes added (views when the capacity was exact). */
  finish(): LayerColumns {
    const n = this.n;
    const trim = <T extends Float64Array | Int32Array | Uint8Array | Uint16Array>(a: T): T => (a.length === n ? a : (a.slice(0, n) as T));
    return {
      length: n,
      latitude: trim(this.latitude),
      longitude: trim(this.longitude),
      day: trim(this.day),
      severity: trim(this.severity),
      fatalities: trim(this.fatalities),
      state: trim(this.state),
      states: [...this.states],
    };
  }

  private grow(): void {
    const c = this.latitude.length * 2;
    const grown = <T extends Float64Array | Int32Array | Uint8Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(c);
      b.set(a);
      return b;
    };
    this.latitude = grown(this.latitude, (k) => new Float64Array(k));
    this.longitude = grown(this.longitude, (k) => new Float64Array(k));
    this.day = grown(this.day, (k) => new Int32Array(k));
    this.severity = grown(this.severity, (k) => new Uint8Array(k));
    this.fatalities = grown(this.fatalities, (k) => new Int32Array(k));
    this.state = grown(this.state, (k) => new Uint16Array(k));
  }
}

/** Records as columns (the tests', the backtest's and loader.ts's way in). */
export function layerColumnsOf(records: readonly LayerRecord[]): LayerColumns {
  const builder = new LayerColumnsBuilder(records.length);
  for (const r of records) builder.add(r.date, r.latitude, r.longitude, r.state, r.severity, r.fatalities);
  return builder.finish();
}

function asColumns(records: readonly LayerRecord[] | LayerColumns): LayerColumns {
  return Array.isArray(records) ? layerColumnsOf(records as readonly LayerRecord[]) : (records as LayerColumns);
}

export interface NationalCrashLayer {
  name: string;
  /** Fatal crashes only, the severity every state has (telematics' route crash density queries it). */
  index: CrashIndex;
  /** The same fatal crashes as columns, for the per-window disc trees (window-model.ts). */
  fatal: { latitude: Float64Array; longitude: Float64Array; day: Int32Array };
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

/** Severity weight of each SEVERITIES code in WEIGHT_UNIT units, as the weighted index stores it. */
const WEIGHT_UNITS_BY_CODE = SEVERITIES.map((s) => Math.round(SEVERITY_WEIGHTS[s] / WEIGHT_UNIT));

/** The rows `pick` of the columns (all when null). */
function pickRows(c: LayerColumns, pick: Int32Array | null) {
  const n = pick ? pick.length : c.length;
  const at = pick ? (k: number) => pick[k] : (k: number) => k;
  const latitude = new Float64Array(n), longitude = new Float64Array(n), day = new Int32Array(n), fatalities = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = at(k);
    latitude[k] = c.latitude[i];
    longitude[k] = c.longitude[i];
    day[k] = c.day[i];
    fatalities[k] = c.fatalities[i];
  }
  return { latitude, longitude, day, fatalities, n, at };
}

/**
 * Leaves of 8 crashes instead of the crash-data index's 24: the garaging layers are small (about
 * 92,000 FARS fatal crashes, a few thousand per city source), so memory does not matter, and
 * their 2-15 km ring queries read fewer points per crossing leaf: 20-25% less time per location
 * than with 24 (best of 5 over 20,000 people-weighted points, the FARS layer as given).
 */
export const LAYER_INDEX_OPTIONS = { leafSize: 8 } as const;

function weightedIndexOf(c: LayerColumns, dataVersion: string): CrashIndex {
  const { latitude, longitude, day, fatalities, n } = pickRows(c, null);
  const injuries = new Int32Array(n);
  for (let i = 0; i < n; i++) injuries[i] = WEIGHT_UNITS_BY_CODE[c.severity[i]];
  return CrashIndex.build({ latitude, longitude, day, injuries, fatalities }, { ...LAYER_INDEX_OPTIONS, dataVersion });
}


const FATAL = SEVERITY_CODE.get('fatal')!;

export function buildNationalLayer(
  name: string,
  records: readonly LayerRecord[] | LayerColumns,
  coverage: readonly { state: string; year: number }[],
): NationalCrashLayer {
  const c = asColumns(records);
  let fatalCount = 0;
  for (let i = 0; i < c.length; i++) if (c.severity[i] === FATAL || c.fatalities[i] > 0) fatalCount++;
  const fatal = new Int32Array(fatalCount);
  for (let i = 0, k = 0; i < c.length; i++) if (c.severity[i] === FATAL || c.fatalities[i] > 0) fatal[k++] = i;
  const years = new Map<string, number[]>();
  for (const { state, year } of coverage) years.set(state, [...(years.get(state) ?? []), year]);
  for (const list of years.values()) list.sort((a, b) => a - b);
  const { latitude, longitude, day, fatalities, n } = pickRows(c, fatal);
  const index = CrashIndex.build({ latitude, longitude, day, injuries: new Int32Array(n), fatalities }, { ...LAYER_INDEX_OPTIONS, dataVersion: name });
  return { name, index, fatal: { latitude, longitude, day }, coverage: years };
}

export function cellId(latitude: number, longitude: number): number {
  const row = Math.floor((latitude + 90) / FOOTPRINT_CELL_DEG);
  const col = Math.floor((longitude + 180) / FOOTPRINT_CELL_DEG);
  return row * 100_000 + col;
}

function footprintOf(c: LayerColumns): Footprint {
  const cells = new Set<number>();
  for (let i = 0; i < c.length; i++) cells.add(cellId(c.latitude[i], c.longitude[i]));
  const centres = [...cells].sort((a, b) => a - b).map((id) => ({
    latitude: (Math.floor(id / 100_000) + 0.5) * FOOTPRINT_CELL_DEG - 90,
    longitude: ((id % 100_000) + 0.5) * FOOTPRINT_CELL_DEG - 180,
  }));
  const side = FOOTPRINT_CELL_DEG * KM_PER_DEGREE;
  const areaKm2 = centres.reduce((sum, c) => sum + side * side * Math.cos((c.latitude * Math.PI) / 180), 0);
  return { cells, centres, areaKm2 };
}

const DAY_MS = 86_400_000;

export function buildRefinementLayer(name: string, records: readonly LayerRecord[] | LayerColumns): RefinementLayer {
  const c = asColumns(records);
  const severityCounts = new Map<Severity, number>();
  const stateCounts = new Map<string, number>();
  const yearSet = new Set<number>();
  const byDay = new Map<number, { count: number; weight: number }>();
  for (let i = 0; i < c.length; i++) {
    const severity = SEVERITIES[c.severity[i]];
    severityCounts.set(severity, (severityCounts.get(severity) ?? 0) + 1);
    const st = c.states[c.state[i]];
    stateCounts.set(st, (stateCounts.get(st) ?? 0) + 1);
    const d = c.day[i];
    yearSet.add(new Date(d * DAY_MS).getUTCFullYear());
    const entry = byDay.get(d) ?? { count: 0, weight: 0 };
    entry.count++;
    entry.weight += WEIGHT_UNITS_BY_CODE[c.severity[i]] * WEIGHT_UNIT; // as the index sums it
    byDay.set(d, entry);
  }
  const state = [...stateCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
  const years = [...yearSet].sort((a, b) => a - b);
  const days = Int32Array.from([...byDay.keys()].sort((a, b) => a - b));
  const cumulativeCount = new Float64Array(days.length), cumulativeWeight = new Float64Array(days.length);
  let count = 0, weight = 0;
  days.forEach((d, i) => {
    cumulativeCount[i] = count += byDay.get(d)!.count;
    cumulativeWeight[i] = weight += byDay.get(d)!.weight;
  });
  const modal = [...severityCounts].sort((a, b) => b[1] - a[1] || SEVERITY_WEIGHTS[b[0]] - SEVERITY_WEIGHTS[a[0]])[0];
  return {
    name, state, years, index: weightedIndexOf(c, name), severityCounts,
    typicalWeight: modal ? SEVERITY_WEIGHTS[modal[0]] : 1,
    footprint: footprintOf(c), days, cumulativeCount, cumulativeWeight,
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
