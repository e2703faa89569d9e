// Where a vehicle is garaged: a GPS point as given, or an address geocoded offline (decisions.md §5),
// and the state it lies in. A location that cannot be scored comes back with the reason, in plain
// words, and the state when one is known.
import { parseFreeTextAddress, parseStructuredAddress } from '../geo/address-parse.ts';
import type { AddressInput, GeocodeResult, GeocodingConfidence } from '../geo/geocode.ts';
import type { UsState } from '../geo/us-states.ts';

export type GaragingLocationInput =
  | { latitude: number; longitude: number }
  | { address: string }
  | { street?: string | null; city?: string | null; state?: string | null; postal_code?: string | null };

export interface ResolvedLocation {
  latitude: number;
  longitude: number;
  state: UsState;
  /** Set only when the location was geocoded from an address. */
  confidence: GeocodingConfidence | null;
}

export type LocationOutcome =
  | { ok: true; location: ResolvedLocation }
  | { ok: false; reason: string; usstate: UsState | null };

export interface LocationServices {
  stateOf(lat: number, lon: number): UsState | null;
  geocode: ((input: AddressInput) => GeocodeResult | null) | null;
}

/** The spec's GPS bounds ("continental United States", service-spec.md Limits). */
export const CONTINENTAL = { minLat: 24.396308, maxLat: 49.384358, minLon: -125, maxLon: -66.93457 } as const;

export const REASONS = {
  noState: 'garaging location is not in a US state (open water, Canada or Mexico)',
  notGeocoded: 'garaging address could not be geocoded',
  outsideContinental: 'geocoded garaging address is outside the continental United States',
} as const;

export function resolveLocation(input: GaragingLocationInput, services: LocationServices): LocationOutcome {
  if ('latitude' in input && 'longitude' in input) {
    const state = services.stateOf(input.latitude, input.longitude);
    if (state === null) return { ok: false, reason: REASONS.noState, usstate: null };
    return { ok: true, location: { latitude: input.latitude, longitude: input.longitude, state, confidence: null } };
  }
  const address = toAddressInput(input);
  const found = services.geocode ? services.geocode(address) : null;
  if (found === null) return { ok: false, reason: REASONS.notGeocoded, usstate: statedState(address) };
  const { latitude, longitude } = found;
  const inside = latitude >= CONTINENTAL.minLat && latitude <= CONTINENTAL.maxLat && longitude >= CONTINENTAL.minLon && longitude <= CONTINENTAL.maxLon;
  if (!inside) return { ok: false, reason: REASONS.outsideContinental, usstate: found.usstate };
  return { ok: true, location: { latitude, longitude, state: found.usstate, confidence: found.confidence } };
}

function toAddressInput(input: GaragingLocationInput): AddressInput {
  if ('address' in input && typeof input.address === 'string') return { address: input.address };
  const parts = input as { street?: string | null; city?: string | null; state?: string | null; postal_code?: string | null };
  return {
    street: parts.street ?? undefined,
    city: parts.city ?? undefined,
    state: parts.state ?? undefined,
    postal_code: parts.postal_code ?? undefined,
  };
}

/** The state an address names, when it names a valid one (for the error entry). */
function statedState(address: AddressInput): UsState | null {
  const parsed = 'address' in address ? parseFreeTextAddress(address.address) : parseStructuredAddress(address);
  return parsed.state ?? null;
}
