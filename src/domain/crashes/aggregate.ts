// Crash aggregation (decisions §6): totals from the index within a great-circle radius over an
// inclusive range of local crash dates, plus what the loaded data covers there.
import type { CrashIndex } from './index/crash-index.ts';
import { coverageEntries, coverageFor, type CoverageEntry, type SourceCoverage, type StateYear } from './catalog.ts';
import type { AddressInput, Geocoder } from '../geo/geocode.ts';
import type { StateLocator } from '../geo/states.ts';

export interface AggregateQuery {
  location: { latitude: number; longitude: number } | AddressInput;
  /** YYYY-MM-DD (the date part of a date-time is used). */
  startDate: string;
  endDate: string;
  radiusKm: number;
}

export interface AggregateResult {
  latitude: number;
  longitude: number;
  totalCrashes: number;
  totalInjuries: number;
  totalFatalities: number;
  incompleteCoverage: boolean;
  coverage: CoverageEntry[];
}

export interface AggregateDeps {
  index: CrashIndex;
  sources: readonly SourceCoverage[];
  states: StateLocator;
  geocoder: Geocoder;
}

const MS_PER_DAY = 86_400_000;
const dayOf = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / MS_PER_DAY;

function yearsBetween(startDate: string, endDate: string): number[] {
  const years: number[] = [];
  for (let y = +startDate.slice(0, 4); y <= +endDate.slice(0, 4); y++) years.push(y);
  return years;
}

/** Null when an address cannot be geocoded. */
export function aggregateCrashes(deps: AggregateDeps, query: AggregateQuery): AggregateResult | null {
  let point: { latitude: number; longitude: number };
  if ('latitude' in query.location) point = query.location;
  else {
    const geocoded = deps.geocoder.geocode(query.location);
    if (!geocoded) return null;
    point = { latitude: geocoded.latitude, longitude: geocoded.longitude };
  }
  const totals = deps.index.query(point.latitude, point.longitude, query.radiusKm, dayOf(query.startDate), dayOf(query.endDate));
  const states = deps.states.statesWithinRadius(point.latitude, point.longitude, query.radiusKm);
  const years = yearsBetween(query.startDate, query.endDate);
  const missing = new Set(coverageFor(deps.sources, states, years).map((p) => `${p.state}|${p.year}`));
  // `coverage` lists the state-years in the circle and range that some loaded source covers.
  const covered: StateYear[] = [];
  for (const state of states) for (const year of years) if (!missing.has(`${state}|${year}`)) covered.push({ state, year });
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    totalCrashes: totals.crashes,
    totalInjuries: totals.injuries,
    totalFatalities: totals.fatalities,
    incompleteCoverage: missing.size > 0,
    coverage: coverageEntries(covered),
  };
}
