// Body-type relativity (v2): expected crash loss per vehicle-year of a body type (MMUCC V13 body
// type categories, the spec's VehicleType), relative to a passenger car = 1.00.
//
// Three things move it, and the table weighs them by judgment (there is no public per-vehicle-year
// crash-loss table for all 29 MMUCC types):
// - exposure: annual miles per vehicle. FHWA Highway Statistics table VM-1: combination trucks
//   (truck-tractors) run roughly 5-6 times the ~11,000 miles of a light-duty vehicle, single-unit
//   trucks about the same as or a little above a car; buses in service run high mileage.
// - crash involvement and severity per mile: FMCSA, Large Truck and Bus Crash Facts (e.g. 2015: 11.9%
//   of fatal crashes involved a large truck or bus while those vehicles logged under 10% of VMT;
//   7 in 10 people killed are in the other vehicle), so heavy vehicles generate third-party loss;
//   motorcyclists die about 27-29 times as often per mile as passenger-car occupants and about 6
//   times as often per registered vehicle (NHTSA Traffic Safety Facts, Motorcycles, 2017 data).
// - insurance losses by light-vehicle class: HLDI collision losses for 2021-2023 models: cars $747,
//   pickups $524, SUVs $549 per insured vehicle year (claim frequency 7.6 / 5.5 / 5.7 per 100), while
//   damage to others rises with size and weight (IIHS, "Auto insurance" topic page); minivans have
//   low losses under every coverage (same page).
// Low-speed and off-road types (golf carts, low-speed vehicles, ATVs, snowmobiles) are rarely on
// public roads and slow when they are: well under a car. 'other', 'unknown' and a missing body type
// are neutral (1.00). docs/model.md, "Body type", lists the table with the reason for each row.
import type { VehicleType } from '../vocabulary.ts';

export const BODY_TYPE_RELATIVITY: Readonly<Record<VehicleType, number>> = Object.freeze({
  'passenger-car': 1.0, // reference
  'sport-utility-vehicle': 0.95, // HLDI: lower collision losses than cars, higher damage to others
  'minivan-or-van': 0.9, // IIHS/HLDI: low losses under every coverage
  'motor-home-or-recreational-vehicle': 0.8, // low annual mileage, seasonal use
  limousine: 1.3, // commercial passenger service: high mileage, urban
  'passenger-van': 1.2, // 12-15 passenger vans in commercial use: mileage, occupancy
  'school-bus': 1.4, // low crash rate per mile, but mileage and occupant liability
  'transit-bus': 2.0, // ~all-day urban service: frequent low-speed collisions, occupants
  motorcoach: 2.0, // intercity mileage, occupant liability
  'other-large-passenger-or-bus': 1.8,
  'cargo-van': 1.15, // delivery use: urban stop-and-go mileage
  'pickup-truck': 1.0, // HLDI: lower collision losses than cars, more damage to others
  'single-unit-truck-2-axles': 1.6, // FMCSA: large-truck third-party severity; local delivery mileage
  'single-unit-truck-3-axles': 1.9, // heavier: more severe third-party damage
  'truck-tractor': 3.0, // VM-1: ~5-6x a car's miles; FMCSA: severe third-party outcomes
  'truck-unknown-type': 1.8, // between single-unit and tractor
  'construction-equipment': 0.9, // mostly off public roads; slow and heavy when on them
  'farm-equipment': 0.7, // short seasonal road trips at low speed
  'all-terrain-vehicle': 0.6, // mostly off road; not designed for roads
  'golf-cart': 0.35, // low speed, short trips
  snowmobile: 0.4, // off road, seasonal
  'multipurpose-off-highway-vehicle': 0.6, // as ATV
  'low-speed-vehicle': 0.45, // FMVSS No. 500: top speed 20-25 mph, low-speed roads only
  moped: 1.2, // low speed and mileage, but an unprotected rider
  'two-wheeled-motorcycle': 2.5, // NHTSA: ~6x fatality rate per registered vehicle; fatal loss dominates
  'three-wheeled-motorcycle': 2.0, // more stable, still unprotected
  autocycle: 1.5, // partly enclosed three-wheeler (judgment)
  other: 1.0,
  unknown: 1.0,
});

/** Relativity for a body type; null or absent is neutral. */
export function bodyTypeRelativity(bodyType: VehicleType | null | undefined): number {
  return bodyType == null ? 1 : BODY_TYPE_RELATIVITY[bodyType];
}
