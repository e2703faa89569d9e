// A reproducible, SYNTHETIC national crash set: crashes placed like the 2020 population (to 1e-7 degree), at
// random dates 2013-01-01..2024-12-31, with a small made-up severity distribution. It describes
// no real crash; it only gives the index and its rivals a realistic spatial density.
import { readFileSync } from 'node:fs';
import type { CrashColumns } from '../../src/domain/crashes/index/crash-index.ts';

export const FIRST_DAY = Date.UTC(2013, 0, 1) / 86_400_000; // 15706
export const LAST_DAY = Date.UTC(2024, 11, 31) / 86_400_000; // 20088

/**
 * Injured persons per crash: about 30% of police-reported crashes injure someone, ~1.4 people
 * per injury crash (order of magnitude of NHTSA's Crash Report Sampling System); fatalities:
 * ~0.6% of crashes are fatal. Drawn independently of each other: this is a load shape, not a model.
 */
const INJURY_SHARES = [0.7, 0.2, 0.06, 0.025, 0.01, 0.005];
const FATALITY_SHARES = [0.994, 0.0055, 0.0005];

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): small, fast, seedable. */
export function seededRandom(seed: number): () => number {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed >>> 0;
  const next = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  return next;
}

interface Centres { lat: Float64Array; lon: Float64Array; cumulative: Float64Array }

/** Block-group centres of population of the 50 states and DC (Puerto Rico, STATEFP 72, left out). */
export function readCentres(path: string): Centres {
  const lines = readFileSync(path, 'latin1').split('\n').slice(1).filter((l) => l.length > 0 && !l.startsWith('"72"'));
  const centres = { lat: new Float64Array(lines.length), lon: new Float64Array(lines.length), cumulative: new Float64Array(lines.length) };
  let total = 0;
  lines.forEach((line, i) => {
    const f = line.split(',');
    total += Number(f[4]);
    centres.cumulative[i] = total;
    centres.lat[i] = Number(f[5]);
    centres.lon[i] = Number(f[6]);
  });
  return centres;
}

export function syntheticCrashes(centresPath: string, count: number, seed = 20240601): CrashColumns {
  const centres = readCentres(centresPath);
  const random = seededRandom(seed);
  const total = centres.cumulative[centres.cumulative.length - 1];
  const columns: CrashColumns = {
    latitude: new Float64Array(count), longitude: new Float64Array(count), day: new Int32Array(count),
    injuries: new Int32Array(count), fatalities: new Int32Array(count),
  };
  for (let i = 0; i < count; i++) {
    const c = pick(centres.cumulative, random() * total);
    // Jitter 0.2-3 km, log-uniform, so crashes spread along a block group's roads.
    const km = 0.2 * Math.exp(random() * Math.log(15));
    const bearing = random() * 2 * Math.PI;
    const lat = centres.lat[c] + (km * Math.cos(bearing)) / 111.195;
    let lon = centres.lon[c] + (km * Math.sin(bearing)) / (111.195 * Math.cos((lat * Math.PI) / 180));
    if (lon > 180) lon -= 360; // the Aleutians straddle the antimeridian
    if (lon < -180) lon += 360;
    // On the index's 1e-7 degree grid (~1 cm), as a source with 7 decimals would give them: the
    // index stores such points in 6 bytes (src/domain/crashes/index/point-code.ts).
    columns.latitude[i] = Math.round(lat * 1e7) / 1e7;
    columns.longitude[i] = Math.round(lon * 1e7) / 1e7;
    columns.day[i] = FIRST_DAY + Math.floor(random() * (LAST_DAY - FIRST_DAY + 1));
    columns.injuries[i] = draw(INJURY_SHARES, random());
    columns.fatalities[i] = draw(FATALITY_SHARES, random());
  }
  return columns;
}

/** First index whose cumulative weight exceeds u. */
function pick(cumulative: Float64Array, u: number): number {
  let lo = 0, hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function draw(shares: number[], u: number): number {
  for (let k = 0; k < shares.length; k++) {
    u -= shares[k];
    if (u < 0) return k;
  }
  return shares.length - 1;
}
