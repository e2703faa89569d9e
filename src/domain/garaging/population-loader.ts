// Reads the Census block-group centres of population (the only file access of the population
// model). Puerto Rico (STATEFP 72) is left out: it is not a USState of the spec, garaging points
// cannot lie there, and the score's reference is "where Americans in the 50 states and DC live".
//
// The file is a fixed, simple CSV (quoted codes, bare numbers, no embedded commas; see
// shared/data/README.md), so it is split by hand: about 4x faster than csv-parse on its 242,335
// rows, which matters at server start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BlockGroupCentres } from './population.ts';

export const BLOCK_GROUP_FILE = join('census', 'CenPop_block_group2020.csv');
const EXCLUDED_STATE_FIPS = new Set(['72']);

export function loadBlockGroupCentres(sourceDataDir: string): BlockGroupCentres {
  return parseBlockGroupCentres(readFileSync(join(sourceDataDir, BLOCK_GROUP_FILE), 'utf8'));
}

export function parseBlockGroupCentres(text: string): BlockGroupCentres {
  const lines = text.split(/\r?\n/);
  const header = lines[0].split(',').map((h) => h.replace(/"/g, '').trim());
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${BLOCK_GROUP_FILE}: no ${name} column`);
    return i;
  };
  const [iState, iPop, iLat, iLon] = [col('STATEFP'), col('POPULATION'), col('LATITUDE'), col('LONGITUDE')];
  const lat: number[] = [], lon: number[] = [], pop: number[] = [], fips: number[] = [];
  for (let l = 1; l < lines.length; l++) {
    if (lines[l] === '') continue;
    const f = lines[l].split(',');
    const state = f[iState].replace(/"/g, '');
    if (EXCLUDED_STATE_FIPS.has(state)) continue;
    const la = Number(f[iLat]), lo = Number(f[iLon]), p = Number(f[iPop]);
    if (!Number.isFinite(la) || !Number.isFinite(lo) || !(p >= 0)) {
      throw new Error(`${BLOCK_GROUP_FILE} line ${l + 1}: bad value`);
    }
    lat.push(la);
    lon.push(lo);
    pop.push(p);
    fips.push(Number(state));
  }
  return {
    latitude: Float64Array.from(lat),
    longitude: Float64Array.from(lon),
    population: Float64Array.from(pop),
    stateFips: Uint8Array.from(fips),
  };
}
