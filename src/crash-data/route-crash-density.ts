// The crash intensity a telematics route is driven through (docs/model-telematics.md): fatal
// crashes of the national layer (FARS, the one source every state has, so routes compare on equal
// terms) per km² per year within ROUTE_RADIUS_KM of a point, over every year of that layer; and the
// national reference it is compared to: the same density averaged over the population-weighted
// reference sample of block-group centres, i.e. around where Americans live.
import type { GaragingInputs } from '../domain/garaging/index.ts';

/** A few minutes of driving around the point (judgment): wide enough to hold several fatal crashes a year in a town. */
export const ROUTE_RADIUS_KM = 5;

export interface RouteCrashDensity {
  crashDensityAt(latitude: number, longitude: number): number;
  nationalCrashDensity: number;
}

export function routeCrashDensity(inputs: GaragingInputs): RouteCrashDensity {
  const { index, coverage } = inputs.national;
  const years = new Set<number>();
  for (const list of coverage.values()) for (const year of list) years.add(year);
  const sorted = [...years].sort((a, b) => a - b);
  const from = Date.UTC(sorted[0], 0, 1) / 86_400_000;
  const to = Date.UTC(sorted[sorted.length - 1], 11, 31) / 86_400_000;
  const areaYears = Math.PI * ROUTE_RADIUS_KM * ROUTE_RADIUS_KM * sorted.length;
  const crashDensityAt = (latitude: number, longitude: number) => index.query(latitude, longitude, ROUTE_RADIUS_KM, from, to).crashes / areaYears;
  const { latitude, longitude } = inputs.reference;
  let sum = 0;
  for (let i = 0; i < latitude.length; i++) sum += crashDensityAt(latitude[i], longitude[i]);
  return { crashDensityAt, nationalCrashDensity: sum / latitude.length };
}
