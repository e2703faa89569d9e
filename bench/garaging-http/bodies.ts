// Deterministic request bodies on real US points: a systematic population-proportional sample of
// the 2020 Census block-group centres of population (where vehicles are garaged), inside the
// spec's continental GPS bounds. Same file, same sample, same bodies on every run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCE_DATA } from './harness.ts';

export interface Point {
  latitude: number;
  longitude: number;
}

// Spec: garaging locations are restricted to the continental United States (schemas/common.ts).
const inBounds = (lat: number, lon: number) => lat >= 24.396308 && lat <= 49.384358 && lon >= -125 && lon <= -66.93457;

/** `count` block-group centres, each standing for the same number of people. */
export function populationPoints(count: number): Point[] {
  const lines = readFileSync(join(SOURCE_DATA, 'census', 'CenPop_block_group2020.csv'), 'utf8').split('\n').slice(1);
  const rows: { population: number; latitude: number; longitude: number }[] = [];
  for (const line of lines) {
    const cells = line.split(',');
    if (cells.length < 7) continue;
    const [population, latitude, longitude] = [Number(cells[4]), Number(cells[5]), Number(cells[6])];
    if (population > 0 && inBounds(latitude, longitude)) rows.push({ population, latitude, longitude });
  }
  const total = rows.reduce((s, r) => s + r.population, 0);
  const step = total / count;
  const points: Point[] = [];
  let next = step / 2;
  let cumulative = 0;
  for (const row of rows) {
    cumulative += row.population;
    while (cumulative >= next && points.length < count) {
      points.push({ latitude: row.latitude, longitude: row.longitude });
      next += step;
    }
  }
  return points;
}

/** A small deterministic generator (mulberry32), so "random" loads repeat exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PPA_BODY_TYPES = ['passenger-car', 'sport-utility-vehicle', 'pickup-truck', 'minivan-or-van', null];
const CA_BODY_TYPES = ['cargo-van', 'pickup-truck', 'single-unit-truck-2-axles', 'truck-tractor', 'passenger-van', null];
/** NAICS 2022 codes of businesses that run vehicles (all in the catalog). */
export const NAICS_CODES = ['484110', '238220', '561730', '492210', '621910', '445110', '236118', '811111'];

export interface GaragingBody {
  policy_holder_id: string;
  naics_code?: string;
  vehicles: { vehicle_id: string; garaging_location: Point; body_type?: string | null }[];
}

/**
 * `count` bodies of `vehicles` vehicles each. The points are sorted by state, so a body takes
 * every `stride`-th one: each body's vehicles are spread over the whole country.
 */
export function garagingBodies(line: 'ca' | 'ppa', points: Point[], count: number, vehicles: number, offset = 0): GaragingBody[] {
  const bodyTypes = line === 'ca' ? CA_BODY_TYPES : PPA_BODY_TYPES;
  const stride = Math.max(1, Math.floor(points.length / vehicles));
  return Array.from({ length: count }, (_, r) => ({
    policy_holder_id: `${line}-holder-${r}`,
    ...(line === 'ca' ? { naics_code: NAICS_CODES[r % NAICS_CODES.length] } : {}),
    vehicles: Array.from({ length: vehicles }, (_, v) => {
      const point = points[(offset + r + v * stride) % points.length];
      const bodyType = bodyTypes[(r + v) % bodyTypes.length];
      return {
        vehicle_id: `veh-${r}-${v}`,
        garaging_location: { latitude: point.latitude, longitude: point.longitude },
        ...(bodyType === null ? {} : { body_type: bodyType }),
      };
    }),
  }));
}

/**
 * `count` points placed like people but never repeated: the population-proportional sample of
 * block-group centres, each moved by a seeded offset of up to ~1 km (a garaging address near the
 * centre), kept inside the spec's bounds. A load of these never asks about a location twice, so a
 * cache of recent locations cannot help it (the "every location new" case).
 */
export function distinctPopulationPoints(count: number, seed = 2015): Point[] {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const out: Point[] = [];
  for (const p of populationPoints(count)) {
    let q: Point;
    do {
      q = {
        latitude: Math.round((p.latitude + (random() - 0.5) * 0.018) * 1e6) / 1e6,
        longitude: Math.round((p.longitude + (random() - 0.5) * 0.024) * 1e6) / 1e6,
      };
    } while (!inBounds(q.latitude, q.longitude) || seen.has(`${q.latitude},${q.longitude}`));
    seen.add(`${q.latitude},${q.longitude}`);
    out.push(q);
  }
  return out;
}
