// Shared request/response pieces. Bounds come from the spec's Limits table.
import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../validation/pydantic.ts';
import { GEOCODING_CONFIDENCES, URBANICITIES, US_STATES } from '../../domain/vocabulary.ts';

export const UsStateSchema = StringEnum([...US_STATES], { title: 'USState' });
export const UrbanicitySchema = StringEnum([...URBANICITIES], { title: 'Urbanicity' });
export const GeocodingConfidenceSchema = StringEnum([...GEOCODING_CONFIDENCES]);

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Spec: garaging locations are restricted to the continental United States. */
export const LocationGps = Type.Object(
  {
    latitude: Type.Number({ minimum: 24.396308, maximum: 49.384358 }),
    longitude: Type.Number({ minimum: -125, maximum: -66.93457 }),
  },
  { title: 'LocationGPS' },
);

/** decisions §6: the crash-aggregate centre may be any WGS84 point. */
export const WorldPoint = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { title: 'Location' },
);

/** decisions §5: an address instead of a point, free text or in parts; geocoded offline. */
export const AddressText = Type.Object({ address: Type.String({ minLength: 5 }) }, { title: 'AddressText' });
export const AddressParts = Type.Object(
  {
    street: Type.Optional(Nullable(Type.String())),
    city: Type.Optional(Nullable(Type.String())),
    state: Type.Optional(Nullable(Type.String())),
    postal_code: Type.Optional(Nullable(Type.String())),
  },
  { title: 'AddressParts' },
);

export const CoverageEntry = Type.Object({
  usstate: UsStateSchema,
  years: Type.Array(Type.Integer()),
});

export const Factor = Type.Object({
  name: Type.String(),
  value: Type.Number(),
  effect: Type.Number(),
});

export const Detail = Type.Object({ detail: Type.String() }, { title: 'Message' });

export const ValidationErrorBody = Type.Object(
  {
    detail: Type.Array(
      Type.Object({
        type: Type.String(),
        loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
        msg: Type.String(),
        input: Type.Optional(Type.Any()),
        ctx: Type.Optional(Type.Object({}, { additionalProperties: true })),
      }),
    ),
  },
  { title: 'HTTPValidationError' },
);

/** Error responses every authenticated route can give (decisions §2). */
export const authErrorResponses = {
  401: Detail,
  403: Detail,
  422: ValidationErrorBody,
  429: Detail,
};

export const NaicsCode = Type.String({ minLength: 2, maxLength: 6, pattern: '^[0-9]+$' });
export const NaicsObject = Type.Object({ code: Type.String(), description: Type.String() });
