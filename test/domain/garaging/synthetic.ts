// SYNTHETIC test data for the garaging model: a made-up population and made-up crashes in two
// fake "states" (a box labelled CA around Fresno and one labelled TX around Abilene). Nothing here
// describes the real world; real-data.test.ts uses the shared data files.
import { buildGaragingInputs } from '../../../src/domain/garaging/build-inputs.ts';
import type { LayerRecord } from '../../../src/domain/garaging/crash-layers.ts';
import type { GaragingInputs } from '../../../src/domain/garaging/inputs.ts';
import type { BlockGroupCentres } from '../../../src/domain/garaging/population.ts';
import type { UsState } from '../../../src/domain/geo/us-states.ts';

export const CA_BOX = { minLat: 35.5, maxLat: 37.5, minLon: -120.5, maxLon: -118.5 };
export const TX_BOX = { minLat: 31.5, maxLat: 33.5, minLon: -100.5, maxLon: -98.5 };
export const CA_CITY = { latitude: 36.5, longitude: -119.5 };
export const TX_CITY = { latitude: 32.5, longitude: -99.5 };

const inBox = (b: typeof CA_BOX, lat: number, lon: number) => lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;

/** The fake state locator: the two boxes, nothing else (the rest is "water"). */
export const syntheticStates = {
  stateOf(lat: number, lon: number): UsState | null {
    return inBox(CA_BOX, lat, lon) ? 'CA' : inBox(TX_BOX, lat, lon) ? 'TX' : null;
  },
  statesWithinRadius(lat: number, lon: number): UsState[] {
    const s = syntheticStates.stateOf(lat, lon);
    return s ? [s] : [];
  },
};

/** Deterministic pseudo-random numbers (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Centres on a 0.05° grid in each box, population falling off from the box's city. */
export function syntheticCentres(): BlockGroupCentres {
  const lat: number[] = [], lon: number[] = [], pop: number[] = [], fips: number[] = [];
  for (const [box, city, code] of [[CA_BOX, CA_CITY, 6], [TX_BOX, TX_CITY, 48]] as const) {
    for (let la = box.minLat; la <= box.maxLat; la += 0.05) {
      for (let lo = box.minLon; lo <= box.maxLon; lo += 0.05) {
        const d = Math.hypot(la - city.latitude, lo - city.longitude);
        lat.push(la);
        lon.push(lo);
        pop.push(Math.round(20 + 3000 * Math.exp(-d * 8)));
        fips.push(code);
      }
    }
  }
  return { latitude: Float64Array.from(lat), longitude: Float64Array.from(lon), population: Float64Array.from(pop), stateFips: Uint8Array.from(fips) };
}

/** Fatal crashes, 2013-2015, concentrated around each city (more around CA's). */
export function syntheticFatalCrashes(seed = 1): LayerRecord[] {
  const rnd = random(seed);
  const out: LayerRecord[] = [];
  for (const [city, state, n] of [[CA_CITY, 'CA', 600], [TX_CITY, 'TX', 250]] as const) {
    for (let i = 0; i < n; i++) {
      const r = 0.8 * Math.sqrt(-Math.log(1 - rnd() * 0.999)) * 0.5, a = rnd() * 2 * Math.PI;
      const year = 2013 + Math.floor(rnd() * 3), month = 1 + Math.floor(rnd() * 12), day = 1 + Math.floor(rnd() * 28);
      out.push(crash(city.latitude + r * Math.sin(a), city.longitude + r * Math.cos(a), `${year}-${pad(month)}-${pad(day)}`, state, 'fatal'));
    }
  }
  return out;
}

export function crash(latitude: number, longitude: number, date: string, state: string, severity: LayerRecord['severity']): LayerRecord {
  return { latitude, longitude, date, state, severity, fatalities: severity === 'fatal' ? 1 : 0 };
}

const pad = (n: number) => String(n).padStart(2, '0');

export const SYNTHETIC_COVERAGE = (['CA', 'TX'] as const).flatMap((state) => [2013, 2014, 2015].map((year) => ({ state, year })));

export function syntheticInputs(options: { fatal?: LayerRecord[]; city?: LayerRecord[] } = {}): GaragingInputs {
  return buildGaragingInputs({
    national: { name: 'synthetic-fars', records: options.fatal ?? syntheticFatalCrashes(), coverage: SYNTHETIC_COVERAGE },
    refinements: options.city ? [{ name: 'synthetic-city', records: options.city }] : [],
    centres: syntheticCentres(),
    stateLosses: [{ state: 'CA', lossesPerInsuredDriver: 160 }, { state: 'TX', lossesPerInsuredDriver: 120 }],
    referenceSize: 2000,
  });
}
