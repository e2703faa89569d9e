// fast-check arbitraries for crash sets and queries shaped like the index's hard cases: dense
// clusters, empty stretches, many points on one day, and circles drawn through a crash.
import fc from 'fast-check';
import { haversineKm } from '../../../../src/domain/geo/distance.ts';
import type { CrashColumns } from '../../../../src/domain/crashes/index/crash-index.ts';

const KM_PER_DEG = 111.2;

export interface Crash { lat: number; lon: number; day: number; injuries: number; fatalities: number }

const crashDetails = fc.record({
  day: fc.integer({ min: 15706, max: 15706 + 60 }), // a short span so day ranges cut often
  injuries: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 70000 }) }),
  fatalities: fc.oneof({ weight: 8, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 300 }) }),
});

const usPoint = fc.record({
  lat: fc.double({ min: 25, max: 49, noNaN: true }),
  lon: fc.double({ min: -124, max: -67, noNaN: true }),
});

/** A cluster: a centre and points within a few to a few hundred km of it. */
const cluster = fc.record({ centre: usPoint, spreadKm: fc.constantFrom(0.5, 5, 50, 400) }).chain(({ centre, spreadKm }) =>
  fc.array(
    fc.record({ dx: fc.double({ min: -1, max: 1, noNaN: true }), dy: fc.double({ min: -1, max: 1, noNaN: true }), details: crashDetails }),
    { minLength: 1, maxLength: 300, size: 'max' },
  ).map((offsets) => offsets.map(({ dx, dy, details }): Crash => ({
    lat: centre.lat + (dy * spreadKm) / KM_PER_DEG,
    lon: centre.lon + (dx * spreadKm) / (KM_PER_DEG * Math.cos((centre.lat * Math.PI) / 180)),
    ...details,
  }))),
);

const uniform = fc.array(fc.record({ p: usPoint, details: crashDetails }), { maxLength: 200, size: 'max' })
  .map((xs) => xs.map(({ p, details }): Crash => ({ ...p, ...details })));

const duplicates = fc.record({ p: usPoint, details: crashDetails, n: fc.integer({ min: 1, max: 80 }) })
  .map(({ p, details, n }) => Array.from({ length: n }, (): Crash => ({ ...p, ...details })));

/** The crash moved to the index's 1e-7 degree grid, where its leaf can store it in 6 bytes. */
export function onGrid(c: Crash): Crash {
  return { ...c, lat: Math.round(c.lat * 1e7) / 1e7, lon: Math.round(c.lon * 1e7) / 1e7 };
}

/**
 * Off the grid (every leaf keeps float64 coordinates), all on the grid (coded leaves), or one in
 * three on it (mixed leaves, kept as float64, beside coded ones).
 */
const gridding = fc.constantFrom('none', 'all', 'some');

function applyGrid(crashes: Crash[], mode: string): Crash[] {
  return crashes.map((c, i) => (mode === 'all' || (mode === 'some' && i % 3 === 0) ? onGrid(c) : c));
}

export const crashSets = fc.tuple(fc.array(fc.oneof(cluster, uniform, duplicates), { minLength: 1, maxLength: 4 }), gridding)
  .map(([parts, mode]) => applyGrid(parts.flat(), mode));

export interface Query { lat: number; lon: number; radiusKm: number; fromDay: number; toDay: number }

/**
 * Queries centred on random points, on crashes or near them, with radii 1-500 km (log-uniform,
 * so small circles are as common as large) or drawn exactly through a crash.
 */
export function queriesFor(crashes: Crash[]): fc.Arbitrary<Query> {
  const anyCrash = fc.integer({ min: 0, max: Math.max(0, crashes.length - 1) }).map((i) => crashes[i]);
  const nearCrash = fc.tuple(anyCrash, fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.double({ min: -0.5, max: 0.5, noNaN: true }))
    .map(([c, dLat, dLon]) => ({ lat: c.lat + dLat, lon: c.lon + dLon }));
  const centre = crashes.length === 0 ? usPoint : fc.oneof(
    { weight: 1, arbitrary: usPoint },
    { weight: 2, arbitrary: anyCrash.map((c) => ({ lat: c.lat, lon: c.lon })) },
    { weight: 3, arbitrary: nearCrash },
  );
  // Mostly ordered ranges; an inverted one (from after to) must count nothing.
  const days = fc.tuple(fc.integer({ min: 15700, max: 15770 }), fc.integer({ min: 15700, max: 15770 }), fc.boolean(), fc.integer({ min: 0, max: 9 }))
    .map(([a, b, wide, inverted]) => (inverted === 0 ? [Math.max(a, b), Math.min(a, b)] : wide ? [Math.min(a, b), Math.max(a, b)] : [a, a + (b % 5)]));
  const radius = fc.oneof(fc.double({ min: 0, max: Math.log(500), noNaN: true }).map(Math.exp), fc.constantFrom(1, 10, 50, 200, 500));
  return fc.record({ centre, radius, days, through: crashes.length === 0 ? fc.constant(null) : fc.option(anyCrash, { freq: 3 }) })
    .map(({ centre, radius, days, through }) => ({
      lat: centre.lat,
      lon: centre.lon,
      // A circle drawn exactly through a crash puts it on the boundary: distance === radius.
      radiusKm: through ? haversineKm(centre.lat, centre.lon, through.lat, through.lon) : radius,
      fromDay: days[0],
      toDay: days[1],
    }));
}

export function toColumns(crashes: Crash[]): CrashColumns {
  return {
    latitude: Float64Array.from(crashes, (c) => c.lat),
    longitude: Float64Array.from(crashes, (c) => c.lon),
    day: Int32Array.from(crashes, (c) => c.day),
    injuries: Int32Array.from(crashes, (c) => c.injuries),
    fatalities: Int32Array.from(crashes, (c) => c.fatalities),
  };
}

/** The point at `distanceKm` from (lat, lon) along `bearing` radians, on the index's sphere. */
export function destination(lat: number, lon: number, distanceKm: number, bearing: number): { lat: number; lon: number } {
  const rad = Math.PI / 180, delta = distanceKm / 6371.0088, phi = lat * rad;
  const phi2 = Math.asin(Math.sin(phi) * Math.cos(delta) + Math.cos(phi) * Math.sin(delta) * Math.cos(bearing));
  const lambda2 = lon * rad + Math.atan2(Math.sin(bearing) * Math.sin(delta) * Math.cos(phi), Math.cos(delta) - Math.sin(phi) * Math.sin(phi2));
  return { lat: phi2 / rad, lon: lambda2 / rad };
}

/**
 * A circle with crashes crowding its edge, from micrometres to a kilometre inside and outside;
 * crashes on the grid land within a centimetre of the edge, around the coded test's 6 mm margin.
 */
export const crowdedEdge = fc.record({
  centre: usPoint,
  radiusKm: fc.oneof(fc.double({ min: 0, max: Math.log(500), noNaN: true }).map(Math.exp), fc.constantFrom(1, 500)),
  offsets: fc.array(fc.record({
    bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    offsetKm: fc.oneof(
      fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
      fc.double({ min: -1e-4, max: 1e-4, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
    ),
    details: crashDetails,
  }), { minLength: 1, maxLength: 300, size: 'max' }),
  mode: gridding,
}).map(({ centre, radiusKm, offsets, mode }) => ({
  centre,
  radiusKm,
  crashes: applyGrid(offsets.map(({ bearing, offsetKm, details }): Crash => ({
    ...destination(centre.lat, centre.lon, Math.max(0, radiusKm + offsetKm), bearing),
    ...details,
  })), mode),
}));
