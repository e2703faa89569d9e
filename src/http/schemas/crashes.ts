// Aggregated crash request/response (service-spec.md; decisions §6).
import { Type, type Static } from '@sinclair/typebox';
import { AddressParts, AddressText, CoverageEntry, WorldPoint } from './common.ts';

export const CrashAggregateRequest = Type.Object(
  {
    location: Type.Union([WorldPoint, AddressText, AddressParts]),
    start_date: Type.String({ format: 'date' }),
    end_date: Type.String({ format: 'date' }),
    radius_km: Type.Number({ minimum: 1, maximum: 500 }),
  },
  { title: 'AggregatedCrashRequest' },
);
export type CrashAggregateRequest = Static<typeof CrashAggregateRequest>;

export const CrashAggregateResponse = Type.Object(
  {
    latitude: Type.Number(),
    longitude: Type.Number(),
    start_date: Type.String(),
    end_date: Type.String(),
    radius_km: Type.Number(),
    total_crashes: Type.Integer(),
    total_injuries: Type.Integer(),
    total_fatalities: Type.Integer(),
    incomplete_coverage: Type.Boolean(),
    coverage: Type.Array(CoverageEntry),
  },
  { title: 'AggregatedCrashResponse' },
);
export type CrashAggregateResponse = Static<typeof CrashAggregateResponse>;
