// What a garaging location costs to assess (crash-index ring counts, population density, the
// states its kernel reaches for `coverage`) depends only on the point and the window model, not on
// the vehicle. Books are re-scored (quote, bind, endorsement, renewal, backtests) and fleets keep
// many vehicles at one depot, so the assessments of recent points are kept, least recently used
// out beyond a fixed number. A hit returns exactly what a fresh assessment would (same point,
// same model object); bench/garaging-http measures both a book that repeats and one that never does.
import { LRUCache } from 'lru-cache';
import type { UsState } from '../geo/us-states.ts';
import type { LocationAssessment } from './model.ts';
import type { WindowModel } from './window-model.ts';

/** Default capacity: ~20,000 recent locations take about 8 MB (docs/model.md). */
export const DEFAULT_LOCATION_CACHE_ENTRIES = 20_000;

export interface AssessedLocation {
  assessment: LocationAssessment;
  /** The metadata's `coverage`; shared between answers, so never modified after it is built. */
  coverage: readonly { usstate: UsState; years: number[] }[];
}

export class LocationCache {
  private readonly entries: LRUCache<string, AssessedLocation> | null;
  private readonly modelIds = new WeakMap<WindowModel, number>();
  private nextModelId = 0;

  constructor(capacity = DEFAULT_LOCATION_CACHE_ENTRIES) {
    this.entries = capacity > 0 ? new LRUCache({ max: capacity }) : null;
  }

  /** The cached assessment of (model, point), computed by `assess` on a miss. */
  get(model: WindowModel, latitude: number, longitude: number, assess: () => AssessedLocation): AssessedLocation {
    if (!this.entries) return assess();
    let id = this.modelIds.get(model);
    if (id === undefined) this.modelIds.set(model, (id = this.nextModelId++));
    const key = `${id}:${latitude}:${longitude}`;
    let found = this.entries.get(key);
    if (found === undefined) {
      found = assess();
      this.entries.set(key, found);
    }
    return found;
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
