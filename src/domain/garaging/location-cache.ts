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
// (bench/garaging-http profile), all of it wasted on misses. Numbers key nested Maps here, and
// recency is kept by two generations: a lookup promotes from the older one, and when the newer
// one fills up to half the capacity it becomes the older one (the oldest entries are dropped
// together). Between capacity/2 and capacity locations are kept.
import type { UsState } from '../geo/us-states.ts';
import type { Factor, LocationAssessment } from './model.ts';
import type { WindowModel } from './window-model.ts';

/** Default capacity: 20,000 recent locations take about 10 MB (docs/model.md). */
export const DEFAULT_LOCATION_CACHE_ENTRIES = 20_000;

export interface AssessedLocation {
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

type Generation = Map<WindowModel, Map<number, Map<number, AssessedLocation>>>;

export class LocationCache {
  private newer: Generation = new Map();
  private older: Generation = new Map();
  private newerSize = 0;
  private readonly half: number;

  constructor(private readonly capacity = DEFAULT_LOCATION_CACHE_ENTRIES) {
    this.half = Math.max(1, Math.ceil(capacity / 2));
  }

  /** The cached assessment of (model, point), computed by `assess` on a miss. */
  get(model: WindowModel, latitude: number, longitude: number, assess: () => Omit<AssessedLocation, 'scores'>): AssessedLocation {
    if (this.capacity <= 0) return { ...assess(), scores: new Map() };
    let found = this.newer.get(model)?.get(latitude)?.get(longitude);
    if (found !== undefined) return found;
    found = this.older.get(model)?.get(latitude)?.get(longitude) ?? { ...assess(), scores: new Map() };
    this.put(model, latitude, longitude, found);
    return found;
  }

  /** Locations held (both generations; a promoted one may be counted twice until the older goes). */
  get size(): number {
    let n = this.newerSize;
    for (const byLat of this.older.values()) for (const byLon of byLat.values()) n += byLon.size;
    return n;
  }

  private put(model: WindowModel, latitude: number, longitude: number, entry: AssessedLocation): void {
    if (this.newerSize >= this.half) {
      this.older = this.newer;
      this.newer = new Map();
      this.newerSize = 0;
    }
    let byLat = this.newer.get(model);
    if (!byLat) this.newer.set(model, (byLat = new Map()));
    let byLon = byLat.get(latitude);
    if (!byLon) byLat.set(latitude, (byLon = new Map()));
    byLon.set(longitude, entry);
    this.newerSize++;
  }
}

/** The key of a vehicle's score within its location's entry. */
export function vehicleKey(version: string, bodyType: string | null | undefined, naicsCode: string | undefined): string {
  return `${version}|${bodyType ?? ''}|${naicsCode ?? ''}`;
}
