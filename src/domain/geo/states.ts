// Which US state a point lies in, and which states come within a radius of it.
// Boundaries: us-atlas states-10m (see state-edges.ts); index: state-grid.ts.

import { boundingBox, haversineKm } from './distance.ts';
import { inCanadaOrMexico } from './neighbour-countries.ts';
import { loadStateEdges, toIndexLon, type StateEdges } from './state-edges.ts';
import { buildStateGrid, gridContains, gridNearest, soleStateOfBox } from './state-grid.ts';
import { US_STATES, type UsState } from './us-states.ts';

/**
 * Coastal / border tolerance: a point in no state polygon but within this distance of a state's
 * boundary belongs to that state (decisions.md §5 "beyond a small coastal tolerance").
 * 5 km because the 1:10,000,000 boundaries generalise the coast by a few km (their vertices are
 * ~1-10 km apart, quantised to ~0.001° lat x 0.0036° lon), so piers, causeways, barrier islands
 * and harbour roads fall just outside; against FARS 2015 the agreement stops improving well
 * before 5 km (docs/geo.md), while open water (Great Lakes, sea) stays "no state".
 * The tolerance never crosses into Canada or Mexico (neighbour-countries.ts).
 */
export const STATE_FALLBACK_KM = 5;

/** Grid cell size; 0.1° measured fastest of 0.05 / 0.1 / 0.25 (docs/geo.md). */
export const STATE_GRID_CELL_DEG = 0.1;

export interface StateLocatorOptions {
  fallbackKm?: number;
  cellDeg?: number;
}

export interface StateLocator {
  /**
   * The state of a point: the state polygon containing it, else the nearest state within the
   * tolerance unless the point is in Canada or Mexico, else null. Never throws (NaN → null).
   */
  stateOf(lat: number, lon: number): UsState | null;
  /** The state polygon containing the point, with no tolerance; null when none. */
  containingState(lat: number, lon: number): UsState | null;
  /**
   * Every state whose territory comes within radiusKm (great-circle) of the point, in the order
   * of US_STATES. A state containing the point is at distance 0.
   */
  statesWithinRadius(lat: number, lon: number, radiusKm: number): UsState[];
  /** Great-circle distance in km from the point to the state's territory (0 inside). */
  distanceToStateKm(lat: number, lon: number, state: UsState): number;
}

export function createStateLocator(options: StateLocatorOptions = {}): StateLocator {
  const fallbackKm = options.fallbackKm ?? STATE_FALLBACK_KM;
  const edges = loadStateEdges();
  const grid = buildStateGrid(edges, options.cellDeg ?? STATE_GRID_CELL_DEG, fallbackKm);
  const containingIndex = (lat: number, lon: number): number =>
    Number.isFinite(lat) && Number.isFinite(lon) ? gridContains(grid, toIndexLon(lon), lat) : -1;
  // A box around the circle, in the grid's longitudes, when it does not wrap the antimeridian.
  const soleStateWithin = (lat: number, lon: number, radiusKm: number): number => {
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isFinite(radiusKm)) return -1;
    const box = boundingBox(lat, lon, radiusKm);
    if (box.minLon > box.maxLon || box.minLat <= -90 || box.maxLat >= 90) return -1;
    const x0 = toIndexLon(box.minLon), x1 = toIndexLon(box.maxLon);
    return x0 <= x1 ? soleStateOfBox(grid, x0, box.minLat, x1, box.maxLat) : -1;
  };
  return {
    stateOf(lat, lon) {
      const inside = containingIndex(lat, lon);
      if (inside >= 0) return US_STATES[inside];
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || fallbackKm <= 0) return null;
      const near = gridNearest(grid, toIndexLon(lon), lat, fallbackKm);
      if (near < 0 || inCanadaOrMexico(lat, lon)) return null;
      return US_STATES[near];
    },
    containingState(lat, lon) {
      const inside = containingIndex(lat, lon);
      return inside >= 0 ? US_STATES[inside] : null;
    },
    statesWithinRadius(lat, lon, radiusKm) {
      const sole = soleStateWithin(lat, lon, radiusKm);
      if (sole >= 0) return [US_STATES[sole]];
      const inside = containingIndex(lat, lon);
      const found: UsState[] = [];
      const box = boundingBox(lat, lon, Number.isFinite(radiusKm) ? radiusKm : 20_000); // once, not per state
      for (let s = 0; s < US_STATES.length; s++) {
        if (s === inside || edgeDistanceKm(edges, s, lat, lon, radiusKm, radiusKm, box) <= radiusKm) {
          found.push(US_STATES[s]);
        }
      }
      return found;
    },
    distanceToStateKm(lat, lon, state) {
      const s = US_STATES.indexOf(state);
      return containingIndex(lat, lon) === s ? 0 : edgeDistanceKm(edges, s, lat, lon, Infinity, 0);
    },
  };
}

let singleton: StateLocator | undefined;

/** The process-wide locator, built on first use (tens of ms). */
export function stateLocator(): StateLocator {
  singleton ??= createStateLocator();
  return singleton;
}

/**
 * Minimum great-circle distance from the point to state s's boundary edges, or Infinity when
 * none is within limitKm (edges outside the radius's bounding box are skipped). Stops early
 * once an edge within stopKm is found (enough for "is the state within the radius").
 */
function edgeDistanceKm(
  edges: StateEdges, s: number, lat: number, lon: number, limitKm: number, stopKm: number,
  box = boundingBox(lat, lon, Number.isFinite(limitKm) ? limitKm : 20_000),
): number {
  const x = toIndexLon(lon);
  // Half-width in longitude; boundingBox wraps, so recover it as a span.
  const fullLon = box.minLon === -180 && box.maxLon === 180;
  const halfW = fullLon ? 360 : (((box.maxLon - box.minLon + 360) % 360) / 2);
  const sb = edges.stateBox;
  if (sb[4 * s + 1] > box.maxLat || sb[4 * s + 3] < box.minLat) return Infinity;
  if (sb[4 * s] - x > halfW || x - sb[4 * s + 2] > halfW) return Infinity;
  const c = edges.coords;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (let e = edges.stateStart[s]; e < edges.stateEnd[s]; e++) {
    const x1 = c[4 * e], y1 = c[4 * e + 1], x2 = c[4 * e + 2], y2 = c[4 * e + 3];
    if ((y1 > box.maxLat && y2 > box.maxLat) || (y1 < box.minLat && y2 < box.minLat)) continue;
    if ((x1 - x > halfW && x2 - x > halfW) || (x - x1 > halfW && x - x2 > halfW)) continue;
    // Closest point in a flat frame centred on the point, then its true great-circle distance:
    // edges are <= 0.1° long (state-edges.ts), so the flat frame only picks the parameter t and
    // the distance error is second order (metres at most).
    const ux = (x2 - x1) * cosLat, uy = y2 - y1;
    const px = (x - x1) * cosLat, py = lat - y1;
    const len2 = ux * ux + uy * uy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * ux + py * uy) / len2));
    const d = haversineKm(lat, lon, y1 + t * (y2 - y1), x1 + t * (x2 - x1));
    if (d < best) best = d;
    if (best <= stopKm) break;
  }
  return best <= limitKm ? best : Infinity;
}
