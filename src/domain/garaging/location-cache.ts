// What a garaging location costs to assess (crash-index ring counts, population density, the
// states its kernel reaches for `coverage`) depends only on the point and the window model, not on
// the vehicle; and a vehicle's score depends only on that assessment, the model version, its body
// type and the policy's NAICS code. Books are re-scored (quote, bind, endorsement, renewal,
// backtests) and fleets keep many vehicles at one depot, so recent locations keep their
// assessment and the scores already derived from it. A hit returns exactly what a fresh
// computation would (same point, same model object); bench/garaging-http measures a book that
// repeats and one that never does.
//
// Hand-written rather than lru-cache: a string key per lookup (model, latitude, longitude) and the
// library's bookkeeping were 7 % of the server's CPU on a load where every location is new
// (bench/garaging-http profile), all of it wasted on misses. Here one number mixes the point's
// coordinates into a Map key (no string, no nested Map); the entry holds the exact point and
// model, so a rare collision is only a miss. Recency is kept by two generations: a lookup
// promotes from the older one, and when the newer one fills up to half the capacity it becomes
// the older one (the oldest entries are dropped together). Between capacity/2 and capacity
// locations are kept.
import type { UsState } from '../geo/us-states.ts';
import type { Factor, LocationAssessment } from './model.ts';
import type { WindowModel } from './window-model.ts';

/** Default capacity: 20,000 recent locations take about 12 MB (~600 bytes each; docs/model.md). */
export const DEFAULT_LOCATION_CACHE_ENTRIES = 20_000;

export interface AssessedLocation {
  model: WindowModel;
  latitude: number;
  longitude: number;
  assessment: LocationAssessment;
  /** The metadata's `coverage`; shared between answers, so never modified after it is built. */
  coverage: readonly { usstate: UsState; years: number[] }[];
  /** Scores derived from it, by vehicleKey (version, body type, NAICS code); shared, never modified. */
  scores: Map<string, VehicleScore>;
}

export interface VehicleScore {
  score: number;
  factors: readonly Factor[];
}

/** Per window model (few: one per effective day in use), the entries by point key. */
type Generation = Map<WindowModel, Map<number, AssessedLocation>>;

/** A Map key for the point: equal points give equal keys; different ones almost never do. */
const pointKey = (latitude: number, longitude: number) => latitude * 1_000_003.0 + longitude;
const matches = (e: AssessedLocation | undefined, model: WindowModel, latitude: number, longitude: number): e is AssessedLocation =>
  e !== undefined && e.latitude === latitude && e.longitude === longitude && e.model === model;

export class LocationCache {
  private newer: Generation = new Map();
  private older: Generation = new Map();
  private newerSize = 0;
  private readonly half: number;

  constructor(private readonly capacity = DEFAULT_LOCATION_CACHE_ENTRIES) {
    this.half = Math.max(1, Math.ceil(capacity / 2));
  }

  /** The kept entry of (model, point), if any (found in the older generation: moved to the newer). */
  find(model: WindowModel, latitude: number, longitude: number): AssessedLocation | undefined {
    if (this.capacity <= 0) return undefined;
    const key = pointKey(latitude, longitude);
    const found = this.newer.get(model)?.get(key);
    if (matches(found, model, latitude, longitude)) return found;
    const older = this.older.get(model)?.get(key);
    if (!matches(older, model, latitude, longitude)) return undefined;
    this.add(older);
    return older;
  }

  /** Keeps a freshly assessed location (no closure per call: this runs for every new vehicle). */
  add(entry: AssessedLocation): void {
    if (this.capacity <= 0) return;
    if (this.newerSize >= this.half) {
      this.older = this.newer;
      this.newer = new Map();
      this.newerSize = 0;
    }
    let entries = this.newer.get(entry.model);
    if (!entries) this.newer.set(entry.model, (entries = new Map()));
    const key = pointKey(entry.latitude, entry.longitude);
    if (!entries.has(key)) this.newerSize++;
    entries.set(key, entry);
  }

  /** Locations held (both generations; a promoted one may be counted twice until the older goes). */
  get size(): number {
    let n = 0;
    for (const generation of [this.newer, this.older]) for (const entries of generation.values()) n += entries.size;
    return n;
  }
}

/** The key of a vehicle's score within its location's entry. */
export function vehicleKey(version: string, bodyType: string | null | undefined, naicsCode: string | undefined): string {
  return `${version}|${bodyType ?? ''}|${naicsCode ?? ''}`;
}
