// The models built from the loaded crash data: the garaging scorer and the telematics scoring
// dependencies. Built at start and again whenever the crash data version changes.
import type { CrashesRepository } from '../storage/repositories/crashes.ts';
import { createGaragingScorer, type GaragingScorer } from '../domain/garaging/index.ts';
import type { TelematicsScoringDeps } from '../domain/telematics/scoring/index.ts';
import type { StateLocator } from '../domain/geo/states.ts';
import type { Geocoder } from '../domain/geo/geocode.ts';
import { usTimeZoneOf, utcOffsetMinutes } from '../domain/geo/timezone.ts';
import type { NaicsCatalog } from '../domain/naics.ts';
import { parseDateTimeLax } from '../http/validation/pydantic.ts';
import { garagingInputsFromStore } from './garaging-inputs.ts';
import { routeCrashDensity } from './route-crash-density.ts';

export interface RiskModels {
  garaging: GaragingScorer;
  telematics: TelematicsScoringDeps<string>;
}

export interface RiskModelDeps {
  repository: CrashesRepository;
  sourceDataDir: string;
  states: StateLocator;
  geocoder: Geocoder;
  naics: NaicsCatalog;
  now: () => Date;
  /** Recent garaging locations kept assessed (location-cache.ts). */
  locationCacheEntries?: number;
}

export async function buildRiskModels(deps: RiskModelDeps): Promise<RiskModels | null> {
  const inputs = await garagingInputsFromStore(deps.repository, deps.sourceDataDir);
  if (!inputs) return null;
  const garaging = createGaragingScorer({
    inputs,
    states: deps.states,
    geocoder: deps.geocoder,
    naics: deps.naics,
    now: deps.now,
    locationCacheEntries: deps.locationCacheEntries,
    // The same reading of effective_date as the request validation (zone-less = UTC).
    parseEffectiveDate: (value) => parseDateTimeLax(value),
  });
  garaging.warm(deps.now());
  const route = routeCrashDensity(inputs);
  const telematics: TelematicsScoringDeps<string> = {
    stateOf: (lat, lon) => deps.states.stateOf(lat, lon),
    utcOffsetMinutes: (lat, lon, epochMs) => utcOffsetMinutes(usTimeZoneOf(lat, lon, deps.states.stateOf(lat, lon)), epochMs),
    crashDensityAt: route.crashDensityAt,
    nationalCrashDensity: route.nationalCrashDensity,
  };
  return { garaging, telematics };
}
