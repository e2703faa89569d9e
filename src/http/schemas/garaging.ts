// CA and PPA garaging request/response (service-spec.md; decisions §3 and §5).
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../validation/pydantic.ts';
import { VEHICLE_TYPES } from '../../domain/vocabulary.ts';
import {
  AddressParts,
  AddressText,
  CoverageEntry,
  Factor,
  GeocodingConfidenceSchema,
  LocationGps,
  NaicsCode,
  NaicsObject,
  Nullable,
  UrbanicitySchema,
  UsStateSchema,
} from './common.ts';

export const VehicleTypeSchema = StringEnum([...VEHICLE_TYPES], { title: 'VehicleType' });
export const GaragingModelVersion = StringEnum(['v1', 'v2'], { default: 'v2' });

export const VehicleGaragingData = Type.Object(
  {
    vehicle_id: Type.String(),
    garaging_location: Type.Union([LocationGps, AddressText, AddressParts]),
    body_type: Type.Optional(Nullable(VehicleTypeSchema)),
  },
  { title: 'VehicleGaragingData' },
);

const vehicles = Type.Array(VehicleGaragingData, { minItems: 1, maxItems: 50, 'x-unique-by': 'vehicle_id' });

export const PpaGaragingRequest = Type.Object(
  {
    policy_holder_id: Type.String(),
    vehicles,
    version: Type.Optional(GaragingModelVersion),
    effective_date: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  },
  { title: 'PPAGaragingRequest' },
);

export const CaGaragingRequest = Type.Object(
  {
    policy_holder_id: Type.String(),
    vehicles,
    version: Type.Optional(GaragingModelVersion),
    naics_code: Type.Optional(Nullable(NaicsCode)),
    effective_date: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  },
  { title: 'CAGaragingRequest' },
);
export type CaGaragingRequest = Static<typeof CaGaragingRequest>;
export type PpaGaragingRequest = Static<typeof PpaGaragingRequest>;

const GaragingLocationMetadata = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  usstate: UsStateSchema,
  urbanicity: UrbanicitySchema,
  geocoding_confidence: Type.Optional(Nullable(GeocodingConfidenceSchema)),
});

const GaragingMetadata = Type.Object({
  effective_date: Type.String({ format: 'date-time' }),
  garaging_location: GaragingLocationMetadata,
  coverage: Type.Array(CoverageEntry),
  naics_code: Type.Optional(Nullable(NaicsObject)),
  factors: Type.Optional(Type.Array(Factor)),
});

const VehicleScore = Type.Object({
  vehicle_id: Type.String(),
  vehicle_risk_score: Type.Number({ minimum: 0, maximum: 1 }),
  metadata: Type.Optional(Nullable(GaragingMetadata)),
});

const VehicleScoreError = Type.Object({
  vehicle_id: Type.String(),
  effective_date: Nullable(Type.String({ format: 'date-time' })),
  usstate: Type.Optional(Nullable(UsStateSchema)),
  error_reason: Type.String(),
});

function garagingResponse(jobType: string, title: string) {
  return Type.Object(
    {
      job_type: Type.Literal(jobType),
      version: GaragingModelVersion,
      policy_holder_id: Type.String(),
      vehicle_risk_scores: Type.Array(VehicleScore),
      errors: Nullable(Type.Array(VehicleScoreError)),
      aggregated_risk_score: Nullable(Type.Number()),
    },
    { title },
  );
}

export const CaGaragingResponse = garagingResponse('ca-garaging-risk-score', 'CAGaragingResponse');
export const PpaGaragingResponse = garagingResponse('ppa-garaging-risk-score', 'PPAGaragingResponse');
export type GaragingResponse = Static<typeof CaGaragingResponse>;
