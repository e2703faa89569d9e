// The explore page's map: US state outlines from us-atlas (Census 1:10,000,000 cartographic
// boundaries, shipped in the npm package, so nothing is fetched at run time), projected on the
// server with d3-geo's Albers USA (Alaska and Hawaii as insets) into a 975 × 610 SVG. The server
// also inverts clicks back to latitude/longitude and draws the search radius as a geodesic circle
// on the same projection, so the browser needs no projection code.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoAlbersUsa, geoCircle, geoPath, type GeoProjection } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export const MAP_WIDTH = 975;
export const MAP_HEIGHT = 610;
/** WGS84 mean radius (decisions §6), to turn kilometres into the circle's angular radius. */
const EARTH_RADIUS_KM = 6371.0088;
/** A click whose inverse does not project back within this many SVG units is off the map. */
const ROUND_TRIP_TOLERANCE = 0.5;

export interface StateShape {
  name: string;
  d: string;
}

export interface MapPlacement {
  x: number;
  y: number;
  /** SVG path data of the circle of the radius around the point. */
  circle: string;
  /** The part of the map to show: the circle with a margin, in the map's aspect ratio. */
  viewBox: [number, number, number, number];
}

/** Smallest zoomed view, in SVG units (about 25 km across): closer, the 1:10M outlines say nothing. */
const MIN_VIEW_WIDTH = 6;

export function viewBoxAround(circle: string, x: number, y: number): MapPlacement['viewBox'] {
  const numbers = (circle.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  let [minX, minY, maxX, maxY] = [x, y, x, y];
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    minX = Math.min(minX, numbers[i]);
    maxX = Math.max(maxX, numbers[i]);
    minY = Math.min(minY, numbers[i + 1]);
    maxY = Math.max(maxY, numbers[i + 1]);
  }
  const aspect = MAP_WIDTH / MAP_HEIGHT;
  const width = Math.min(MAP_WIDTH, Math.max(MIN_VIEW_WIDTH, (maxX - minX) * 3, (maxY - minY) * 3 * aspect));
  const height = width / aspect;
  const round = (v: number) => Math.round(v * 100) / 100;
  return [round((minX + maxX) / 2 - width / 2), round((minY + maxY) / 2 - height / 2), round(width), round(height)];
}

export interface UsMap {
  states: StateShape[];
  /** Borders between states, drawn once (not twice as each state's outline would be). */
  borders: string;
  locate(x: number, y: number): { latitude: number; longitude: number } | null;
  place(latitude: number, longitude: number, radiusKm: number): MapPlacement | null;
}

function projection(): GeoProjection {
  // The scale and translation us-atlas uses for its pre-projected files: the country fills 975 × 610.
  return geoAlbersUsa().scale(1300).translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);
}

function loadTopology(): Topology<{ states: GeometryCollection<{ name: string }> }> {
  const file = createRequire(import.meta.url).resolve('us-atlas/states-10m.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}

function buildMap(): UsMap {
  const topology = loadTopology();
  const project = projection();
  // One decimal of an SVG unit is about 400 m at this scale, finer than the 1:10M outlines.
  const outline = geoPath(project).digits(1);
  const states = feature(topology, topology.objects.states)
    .features.map((f) => ({ name: f.properties.name, d: outline(f) ?? '' }))
    // Territories outside the Albers USA insets (Puerto Rico, Guam, ...) have no path.
    .filter((s) => s.d !== '')
    .sort((a, b) => a.name.localeCompare(b.name));
  const borders = outline(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? '';
  const fine = geoPath(project).digits(2);
  return {
    states,
    borders,
    locate(x, y) {
      const point = project.invert?.([x, y]);
      if (!point) return null;
      const back = project(point);
      if (!back || Math.hypot(back[0] - x, back[1] - y) > ROUND_TRIP_TOLERANCE) return null;
      return { latitude: point[1], longitude: point[0] };
    },
    place(latitude, longitude, radiusKm) {
      const at = project([longitude, latitude]);
      if (!at) return null;
      const degrees = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
      const circle = fine(geoCircle().center([longitude, latitude]).radius(degrees).precision(2)()) ?? '';
      return { x: at[0], y: at[1], circle, viewBox: viewBoxAround(circle, at[0], at[1]) };
    },
  };
}

let map: UsMap | null = null;

/** Built on first use (about 100 ms), then kept: the outlines never change while running. */
export function usMap(): UsMap {
  map ??= buildMap();
  return map;
}
