// Offline geocoding of a garaging address to a point (decisions.md §5), from the tables in
// place-tables.ts: ZIP centroids, GeoNames places, ZIP-table city names, Census county points.
//
// Confidence (decisions.md §5: high = street or ZIP+4 level, medium = ZIP centroid, low = city or
// county centroid) describes the point we return, not the address we were given:
// - We have no street or ZIP+4 data, so a ZIP+4 resolves to its 5-digit ZIP centroid and is
//   reported 'medium', honestly. This geocoder never returns 'high'; the type keeps it for a
//   future street-level source.
// - 'medium': a ZIP centroid. 'low': a city (GeoNames place point, else the mean of the city's
//   ZIP centroids) or a county internal point.
// Precedence and conflicts, chosen so that a wrong state is never guessed (the state decides
// whose crash data a score uses):
// - A ZIP (the finer unit) wins when it agrees with the given state, or no state is given.
// - When the ZIP's state and the given state disagree, the city decides: a city found in the given
//   state wins ('low'); else a city equal to the ZIP's own city means the state was the slip and
//   the ZIP wins ('medium'); else the address is contradictory and cannot be geocoded (null).
// - A state that is not one of the 51 USState values (e.g. PR, ON) cannot be geocoded.
// - A city without a state is accepted only when exactly one state has a place of that name.
// - A state alone is never geocoded (a state centroid would be a guess for every score input).
// - A table entry whose point lies more than PLAUSIBLE_KM outside its own state is treated as
//   missing (the ZIP table has sign-flipped and overseas entries, e.g. 10200 "New York" at
//   73.95°E, 96898 Wake Island "HI"). Entries just outside their state are kept, and
//   `usstate` is the address's state, not the polygon's: 34 of 41,689 ZIP centroids fall outside
//   their state's 1:10m polygon, on a border river or offshore (PO-box ZIPs), and the address's
//   state is the better authority there (docs/geo.md).

import {
  parseFreeTextAddress, parseStructuredAddress, type ParsedAddress, type StructuredAddress,
} from './address-parse.ts';
import { normalizePlaceName } from './place-names.ts';
import {
  countyByName, loadPlaceTables, placeByName, statesWithPlace, zipCentroid, type NamedPoint,
} from './place-tables.ts';
import { stateLocator } from './states.ts';
import type { UsState } from './us-states.ts';

/**
 * Largest distance outside its state accepted for a table point: the farthest legitimate ZIP
 * centroids measured are PO-box ZIPs placed offshore (93199 Goleta CA 16.4 km, 96769 Makaweli HI
 * 15.4 km, 44181 Cleveland OH 14 km); bad entries are thousands of km off.
 */
export const PLAUSIBLE_KM = 25;

function plausible(p: NamedPoint | undefined): NamedPoint | undefined {
  if (p === undefined) return undefined;
  return stateLocator().distanceToStateKm(p.latitude, p.longitude, p.usstate) <= PLAUSIBLE_KM ? p : undefined;
}

export type GeocodingConfidence = 'high' | 'medium' | 'low';

export type AddressInput = { address: string } | StructuredAddress;

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  confidence: GeocodingConfidence;
  usstate: UsState;
  /** What the point is, in plain words, e.g. "ZIP 94607 centroid (Oakland, CA)". */
  matched: string;
}

export interface GeocoderOptions {
  /** Census Gazetteer counties file; without it county names are not geocoded. */
  countiesFile?: string;
}

export interface Geocoder {
  geocode(input: AddressInput): GeocodeResult | null;
  /** Loads the tables now (about a second) instead of on the first geocode. */
  preload(): void;
}

export function createGeocoder(options: GeocoderOptions = {}): Geocoder {
  return {
    geocode(input) {
      const parsed = 'address' in input && typeof input.address === 'string'
        ? parseFreeTextAddress(input.address)
        : parseStructuredAddress(input as StructuredAddress);
      return resolve(parsed, options);
    },
    preload() {
      loadPlaceTables(options.countiesFile);
      stateLocator();
    },
  };
}

function resolve(p: ParsedAddress, options: GeocoderOptions): GeocodeResult | null {
  if (p.stateText !== undefined) return null;
  const zip = p.zip ? plausible(zipCentroid(p.zip)) : undefined;
  if (zip && (p.state === undefined || p.state === zip.usstate)) return zipResult(zip, p);
  if (p.state !== undefined) {
    const city = cityInState(p.cityCandidates, p.state, options);
    if (city) return city;
    if (zip && p.cityCandidates.some((c) => normalizePlaceName(c) === normalizePlaceName(zip.name))) {
      return zipResult(zip, p);
    }
    return null;
  }
  return zip ? null : cityWithoutState(p.cityCandidates, options);
}

function zipResult(z: NamedPoint, p: ParsedAddress): GeocodeResult {
  const plus4 = p.zip4 ? ` (ZIP+4 ${p.zip}-${p.zip4} given; no ZIP+4 data, 5-digit centroid used)` : '';
  return {
    latitude: z.latitude,
    longitude: z.longitude,
    confidence: 'medium',
    usstate: z.usstate,
    matched: `ZIP ${p.zip} centroid (${z.name}, ${z.usstate})${plus4}`,
  };
}

function cityInState(
  candidates: string[], state: UsState, options: GeocoderOptions,
): GeocodeResult | null {
  for (const name of candidates) {
    const place = plausible(placeByName(name, state));
    if (place) return lowResult(place, 'place');
    const county = plausible(options.countiesFile ? countyByName(options.countiesFile, name, state) : undefined);
    if (county) return lowResult(county, 'county');
  }
  return null;
}

function cityWithoutState(candidates: string[], options: GeocoderOptions): GeocodeResult | null {
  for (const name of candidates) {
    const states = statesWithPlace(name);
    if (states.length === 1) return cityInState([name], states[0], options);
    if (states.length > 1) return null; // ambiguous: never guess the state
  }
  return null;
}

function lowResult(p: NamedPoint, kind: 'place' | 'county'): GeocodeResult {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    confidence: 'low',
    usstate: p.usstate,
    matched: `${kind === 'place' ? 'city' : 'county'} centroid (${p.name}, ${p.usstate})`,
  };
}
