// Thresholds of the driving-behaviour figures. Each number says where it comes from; the full
// argument is in docs/model-telematics.md.
import type { VehicleType } from '../../vocabulary.ts';

const MPH = 0.44704; // m/s, exact

/** Standard gravity, m/s² (CGPM 1901, exact). */
export const STANDARD_GRAVITY = 9.80665;

/** Gross-vehicle-weight classes, grouped the way harsh-event thresholds differ. */
export type VehicleClass = 'light' | 'medium' | 'heavy';

export interface HarshThresholds {
  /** Deceleration that makes a harsh-braking event, in g. */
  brakingG: number;
  /** Acceleration that makes a harsh-acceleration event, in g. */
  accelerationG: number;
}

/**
 * Harsh-event thresholds by class. There is no federal standard; vendors and studies bracket them:
 *  - light (GVWR ≤ 10,000 lb: cars, SUVs, vans, pickups): braking 0.40 g, acceleration 0.35 g.
 *    The Naturalistic Teenage Driving Study (Simons-Morton et al., AJPH 2011; AJE 2012) used hard
 *    braking > 0.45 g and rapid starts > 0.35 g; GPS Insight recommends 0.38 g / 0.37 g for Class 1
 *    and 0.36 g / 0.35 g for Class 2; Digital Matter devices default to 4.4 m/s² (0.45 g).
 *    0.40 g sits inside that bracket and allows for the peak a smoothed 1 Hz GPS speed loses.
 *  - medium and heavy: lower, because loaded trucks cannot brake or accelerate as hard and vendors
 *    step thresholds down with weight (GPS Insight's table falls from Class 1 to Class 2; Geotab's
 *    heavy-duty setting is its most sensitive). The values are our judgment.
 */
export const HARSH_THRESHOLDS_BY_CLASS: Readonly<Record<VehicleClass, HarshThresholds>> = Object.freeze({
  light: { brakingG: 0.4, accelerationG: 0.35 },
  medium: { brakingG: 0.35, accelerationG: 0.3 },
  heavy: { brakingG: 0.3, accelerationG: 0.25 },
});

const MEDIUM_TYPES: ReadonlySet<VehicleType> = new Set<VehicleType>([
  'single-unit-truck-2-axles', 'motor-home-or-recreational-vehicle', 'truck-unknown-type',
  'construction-equipment', 'farm-equipment',
]);
const HEAVY_TYPES: ReadonlySet<VehicleType> = new Set<VehicleType>([
  'single-unit-truck-3-axles', 'truck-tractor', 'school-bus', 'transit-bus', 'motorcoach',
  'other-large-passenger-or-bus',
]);

/** The class of an MMUCC body type (spec's VehicleType); everything else is light. */
export function vehicleClassOf(type: VehicleType): VehicleClass {
  if (HEAVY_TYPES.has(type)) return 'heavy';
  if (MEDIUM_TYPES.has(type)) return 'medium';
  return 'light';
}

export interface BehaviourOptions {
  /**
   * Local hours [start, end) that count as night driving: 00:00-04:00, the window Progressive's
   * Snapshot rates as its riskiest hours, and the late-night peak of fatality risk per hour of
   * exposure (BTS Technical Report, Morris 2015).
   */
  nightStartHour: number;
  nightEndHour: number;
  /** Speed above which driving counts as speeding, m/s: the 75 mph. */
  speedingMps: number;
  harsh: HarshThresholds;
  /**
   * Harsh events need at least this speed at one end of the interval, m/s. 10 km/h is Teltonika's
   * floor for GNSS-derived acceleration events; below it GPS noise dominates the speed.
   */
  harshMinSpeedMps: number;
  /**
   * Harsh events are judged only on intervals this short, s. Judgment: a deceleration measured over
   * longer than 5 s between fixes is an average, not a peak.
   */
  harshMaxStepSec: number;
}

export const DEFAULT_BEHAVIOUR_OPTIONS: Readonly<BehaviourOptions> = Object.freeze({
  nightStartHour: 0,
  nightEndHour: 4,
  speedingMps: 75 * MPH,
  harsh: HARSH_THRESHOLDS_BY_CLASS.light,
  harshMinSpeedMps: 10 / 3.6,
  harshMaxStepSec: 5,
});
