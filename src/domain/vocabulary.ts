// The contract's enumerations (service-spec.md, "Enumerations"): exact values, in the spec's order.
export { US_STATES, type UsState as UsStateCode } from './geo/us-states.ts';

/** MMUCC V13 body type categories, as the spec spells them. */
export const VEHICLE_TYPES = [
  'passenger-car', 'sport-utility-vehicle', 'minivan-or-van', 'motor-home-or-recreational-vehicle',
  'limousine', 'passenger-van', 'school-bus', 'transit-bus', 'motorcoach', 'other-large-passenger-or-bus',
  'cargo-van', 'pickup-truck', 'single-unit-truck-2-axles', 'single-unit-truck-3-axles', 'truck-tractor',
  'truck-unknown-type', 'construction-equipment', 'farm-equipment', 'all-terrain-vehicle', 'golf-cart',
  'snowmobile', 'multipurpose-off-highway-vehicle', 'low-speed-vehicle', 'moped', 'two-wheeled-motorcycle',
  'three-wheeled-motorcycle', 'autocycle', 'other', 'unknown',
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** From sparsest to densest. */
export const URBANICITIES = [
  'sparse-rural', 'rural', 'exurban', 'low-density-suburban', 'suburban', 'dense-suburban', 'urban',
  'urban-core', 'dense-urban', 'very-dense-urban',
] as const;
export type Urbanicity = (typeof URBANICITIES)[number];

export const GEOCODING_CONFIDENCES = ['high', 'medium', 'low'] as const;
export type GeocodingConfidence = (typeof GEOCODING_CONFIDENCES)[number];

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
