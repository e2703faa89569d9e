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
//
// Admission: a location is kept from its second sight on (`offer`). On a book every location
// repeats, so it is kept after the first repeat as before; on a load of locations never seen again
// an entry per location (~600 bytes, living long enough to be promoted to V8's old generation and
// then collected there) cost about a fifth of the server's CPU per request (bench/garaging-http, every
// location new: 0.88-0.95 ms/request with the cache, 0.67-0.78 without). A first sight only writes the
// point's key into a fixed table of the last locations seen (no allocation; 8 bytes a slot, the
// power of two at or above twice the capacity: 512 KB at the default 20,000); only where more than
// four recent locations share a bucket does admission wait.
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
export const pointKey = (latitude: number, longitude: number) => latitude * 1_000_003.0 + longitude;
const matches = (e: AssessedLocation | undefined, model: WindowModel, latitude: number, longitude: number): e is AssessedLocation =>
  e !== undefined && e.latitude === latitude && e.longitude === longitude && e.model === model;

export class LocationCache {
  private newer: Generation = new Map();
  private older: Generation = new Map();
  private newerSize = 0;
  private readonly half: number;
  /** Keys of locations seen once, by a hash of the key (2^(32 - seenShift) slots, 4 per bucket). */
  private readonly seen: Float64Array;
  private readonly seenShift: number;

  constructor(private readonly capacity = DEFAULT_LOCATION_CACHE_ENTRIES) {
    this.half = Math.max(1, Math.ceil(capacity / 2));
    const bits = capacity > 0 ? Math.min(30, Math.max(3, Math.ceil(Math.log2(2 * capacity)))) : 0; // >= 2 buckets: a shift of 32 would be 0 in JS
    this.seen = new Float64Array(2 ** bits).fill(NaN); // NaN equals no key
    this.seenShift = 32 - bits;
  }

  /**
   * A freshly assessed location: kept if it was offered before (recently, by its table slot),
   * otherwise only remembered as seen. Returns whether it is kept.
   */
  offer(entry: AssessedLocation): boolean {
    if (this.capacity <= 0) return false;
    const key = pointKey(entry.latitude, entry.longitude);
    // Buckets of four slots, the most recent first: up to four locations whose keys share a
    // bucket are all remembered, so locations that come round in turn are still admitted.
    const first = 4 * bucketOf(key, this.seenShift + 2);
    const seen = this.seen;
    if (seen[first] !== key && seen[first + 1] !== key && seen[first + 2] !== key && seen[first + 3] !== key) {
      seen.copyWithin(first + 1, first, first + 3);
      seen[first] = key;
      return false;
    }
    this.add(entry);
    return true;
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

const keyBits = new Float64Array(1);
const keyWords = new Uint32Array(keyBits.buffer);

/** A point key's bucket: its two 32-bit words mixed (MurmurHash3's finaliser), the top bits kept (exported for tests). */
export function bucketOf(key: number, shift: number): number {
  keyBits[0] = key;
  let h = keyWords[0] ^ Math.imul(keyWords[1], 0xcc9e2d51);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> shift;
}

/** The key of a vehicle's score within its location's entry. */
export function vehicleKey(version: string, bodyType: string | null | undefined, naicsCode: string | undefined): string {
  return `${version}|${bodyType ?? ''}|${naicsCode ?? ''}`;
}
