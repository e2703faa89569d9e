// Adapts crash aggregation to the HTTP contract: request fields in, response fields out.
import type { CrashCapability } from '../services.ts';
import type { CrashAggregateRequest, CrashAggregateResponse } from '../http/schemas/crashes.ts';
import { aggregateCrashes, type AggregateDeps } from '../domain/crashes/aggregate.ts';
import type { AddressInput } from '../domain/geo/geocode.ts';
import { datePart } from '../http/validation/pydantic.ts';

/** Address parts arrive nullable from the schema; the geocoder takes absent ones. */
export function addressInput(location: Record<string, unknown>): AddressInput {
  if (typeof location.address === 'string') return { address: location.address };
  const parts: Record<string, string> = {};
  for (const key of ['street', 'city', 'state', 'postal_code']) {
    if (typeof location[key] === 'string') parts[key] = location[key] as string;
  }
  return parts as AddressInput;
}

/** `deps` reads the crash data loaded now (it is reloaded when the data version changes). */
export function crashCapability(deps: () => AggregateDeps): CrashCapability {
  return {
    async aggregate(request: CrashAggregateRequest): Promise<CrashAggregateResponse | null> {
      const loaded = deps();
      const location = request.location as Record<string, unknown>;
      const result = aggregateCrashes(loaded, {
        location: 'latitude' in location ? (location as { latitude: number; longitude: number }) : addressInput(location),
        startDate: datePart(request.start_date),
        endDate: datePart(request.end_date),
        radiusKm: request.radius_km,
      });
      if (!result) return null;
      return {
        latitude: result.latitude,
        longitude: result.longitude,
        start_date: request.start_date,
        end_date: request.end_date,
        radius_km: request.radius_km,
        total_crashes: result.totalCrashes,
        total_injuries: result.totalInjuries,
        total_fatalities: result.totalFatalities,
        incomplete_coverage: result.incompleteCoverage,
        coverage: result.coverage as CrashAggregateResponse['coverage'],
      };
    },
  };
}
