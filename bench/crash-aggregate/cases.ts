// The query cases: dense and sparse places, radii 1-500 km, a 1-year and the full 12-year range.
import { FIRST_DAY, LAST_DAY, seededRandom } from './synthetic.ts';
import type { CrashColumns } from '../../src/domain/crashes/index/crash-index.ts';

export const PLACES = [
  { name: 'Manhattan (Times Square)', lat: 40.758, lon: -73.9855 },
  { name: 'Los Angeles (downtown)', lat: 34.0522, lon: -118.2437 },
  { name: 'Chicago (Loop)', lat: 41.8781, lon: -87.6298 },
  { name: 'central Nevada', lat: 38.8, lon: -116.9 },
  { name: 'central Montana', lat: 47.06, lon: -109.43 },
];
export const RADII_KM = [1, 10, 50, 200, 500];
export const RANGES = [
  { name: '1 year (2022)', from: Date.UTC(2022, 0, 1) / 86_400_000, to: Date.UTC(2022, 11, 31) / 86_400_000 },
  { name: '12 years', from: FIRST_DAY, to: LAST_DAY },
];

export interface Case { place: string; lat: number; lon: number; radiusKm: number; range: string; from: number; to: number }

export const CASES: Case[] = PLACES.flatMap((p) => RADII_KM.flatMap((radiusKm) => RANGES.map((r) => ({
  place: p.name, lat: p.lat, lon: p.lon, radiusKm, range: r.name, from: r.from, to: r.to,
}))));

/** Random queries: centred on random crashes (so, like the population), radius log-uniform 1-500 km, any range. */
export function randomQueries(columns: CrashColumns, count: number, seed = 7): Case[] {
  const random = seededRandom(seed);
  const span = LAST_DAY - FIRST_DAY + 1;
  return Array.from({ length: count }, () => {
    const i = Math.floor(random() * columns.day.length);
    const from = FIRST_DAY + Math.floor(random() * span);
    const length = 1 + Math.floor(random() * span);
    return {
      place: 'random', lat: columns.latitude[i], lon: columns.longitude[i], radiusKm: Math.exp(random() * Math.log(500)),
      range: 'random', from, to: Math.min(LAST_DAY, from + length - 1),
    };
  });
}
