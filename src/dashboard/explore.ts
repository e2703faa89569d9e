// What the explore page shows for a point: the crash aggregate around it (as POST
// /v1/crash-data/aggregate answers it) and its PPA garaging score, through the same capabilities
// the API uses. Either may not be loaded yet; the page then says so instead of failing.
import type { Services } from '../services.ts';
import type { CrashAggregateResponse } from '../http/schemas/crashes.ts';
import { LocationGps } from '../http/schemas/common.ts';
import { ApiError } from '../http/errors.ts';
import { usMap, type MapPlacement } from './us-map.ts';

export const RADIUS_CHOICES_KM = [1, 5, 10, 25, 50, 100, 250] as const;
export const DEFAULT_EXPLORE = { radius_km: '10', start_date: '2013-01-01', end_date: '2015-12-31' };
export const GARAGING_NOT_AVAILABLE = 'Garaging scores are not available yet.';
export const CRASHES_NOT_AVAILABLE = 'Crash data is not loaded yet.';

export interface ExploreQuery {
  latitude: number;
  longitude: number;
  radiusKm: number;
  startDate: string;
  endDate: string;
}

export interface GaragingOutcome {
  score: number | null;
  state: string | null;
  urbanicity: string | null;
  reason: string | null;
}

export interface ExploreResult {
  query: ExploreQuery;
  crashes: CrashAggregateResponse | null;
  crashesMessage: string | null;
  garaging: GaragingOutcome | null;
  garagingMessage: string | null;
  map: MapPlacement | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function number(text: string | undefined): number {
  return text === undefined || text.trim() === '' ? NaN : Number(text);
}

function isDate(text: string): boolean {
  return DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** The form's fields, checked with the API's rules (decisions §6); messages name the field. */
export function parseExploreQuery(input: Record<string, string | undefined>): { query: ExploreQuery } | { errors: string[] } {
  const latitude = number(input.latitude);
  const longitude = number(input.longitude);
  const radiusKm = number(input.radius_km);
  const startDate = (input.start_date ?? '').trim();
  const endDate = (input.end_date ?? '').trim();
  const errors: string[] = [];
  if (!(latitude >= -90 && latitude <= 90)) errors.push('Latitude must be a number from -90 to 90.');
  if (!(longitude >= -180 && longitude <= 180)) errors.push('Longitude must be a number from -180 to 180.');
  if (!(radiusKm >= 1 && radiusKm <= 500)) errors.push('Radius must be from 1 to 500 km.');
  if (!isDate(startDate)) errors.push('Start date must be a date (YYYY-MM-DD).');
  if (!isDate(endDate)) errors.push('End date must be a date (YYYY-MM-DD).');
  if (errors.length === 0 && startDate > endDate) errors.push('Start date must be on or before the end date.');
  return errors.length > 0 ? { errors } : { query: { latitude, longitude, radiusKm, startDate, endDate } };
}

/** The API takes garaging locations only within these bounds (the contract's LocationGPS). */
function withinGaragingBounds(q: ExploreQuery): boolean {
  const { latitude: lat, longitude: lon } = LocationGps.properties;
  return q.latitude >= lat.minimum! && q.latitude <= lat.maximum! && q.longitude >= lon.minimum! && q.longitude <= lon.maximum!;
}

async function garagingAt(services: Services, q: ExploreQuery): Promise<GaragingOutcome | string> {
  if (!services.garaging) return GARAGING_NOT_AVAILABLE;
  if (!withinGaragingBounds(q)) return 'Garaging scores cover the contiguous United States only.';
  const response = await services.garaging.score('ppa', {
    policy_holder_id: 'dashboard-explore',
    version: 'v2',
    vehicles: [{ vehicle_id: 'point', garaging_location: { latitude: q.latitude, longitude: q.longitude } }],
  });
  const scored = response.vehicle_risk_scores[0];
  if (scored) {
    const where = scored.metadata?.garaging_location;
    return { score: scored.vehicle_risk_score, state: where?.usstate ?? null, urbanicity: where?.urbanicity ?? null, reason: null };
  }
  const error = response.errors?.[0];
  return { score: null, state: error?.usstate ?? null, urbanicity: null, reason: error?.error_reason ?? 'not scored' };
}

/** The API's crash aggregate for the point, or why there is none. */
async function crashesAt(services: Services, q: ExploreQuery): Promise<CrashAggregateResponse | string> {
  if (!services.crashes) return CRASHES_NOT_AVAILABLE;
  try {
    const answer = await services.crashes.aggregate({
      location: { latitude: q.latitude, longitude: q.longitude },
      start_date: q.startDate,
      end_date: q.endDate,
      radius_km: q.radiusKm,
    });
    // Only an address can fail to geocode; a point always has an answer.
    return answer ?? CRASHES_NOT_AVAILABLE;
  } catch (error) {
    // The capability answers "not available" (503 on the API) until crash data is loaded.
    if (error instanceof ApiError && error.code === 'not_available') return CRASHES_NOT_AVAILABLE;
    throw error;
  }
}

export async function explore(services: Services, q: ExploreQuery): Promise<ExploreResult> {
  const crashes = await crashesAt(services, q);
  const garaging = await garagingAt(services, q);
  return {
    query: q,
    crashes: typeof crashes === 'string' ? null : crashes,
    crashesMessage: typeof crashes === 'string' ? crashes : null,
    garaging: typeof garaging === 'string' ? null : garaging,
    garagingMessage: typeof garaging === 'string' ? garaging : null,
    map: usMap().place(q.latitude, q.longitude, q.radiusKm),
  };
}
