// State boundaries as a flat list of short edges, the raw material of the state index.
//
// Source: npm `us-atlas` states-10m.json (Census cartographic boundaries, 1:10,000,000, as
// unprojected lon/lat TopoJSON; feature ids are 2-digit state FIPS). Converted with
// topojson-client's feature(). Only the 51 USState jurisdictions are kept (PR and the island
// areas are dropped: they are not in the spec's USState enum).
//
// Two transformations, neither changes the shape:
// - Longitudes > 0 (the western Aleutians, 172°E..180°) are shifted by -360 so Alaska is one
//   contiguous range; no edge in the file crosses the antimeridian (checked when loading).
//   Queries shift their longitude the same way (toIndexLon).
// - Edges longer than MAX_EDGE_DEG are split into equal straight pieces, so that an edge touches
//   only a few grid cells and a point-to-edge distance computed in a local flat frame is accurate
//   to metres (the 1:10m data has edges up to 7.7° long, e.g. straight survey-line borders).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, Geometry } from 'geojson';
import { US_STATES, stateByFips, type UsState } from './us-states.ts';

export const MAX_EDGE_DEG = 0.1;

export interface StateEdges {
  /** x1, y1, x2, y2 per edge (lon in the shifted frame, lat), grouped by state index. */
  coords: Float64Array;
  /** Index into US_STATES of each edge's state. */
  state: Uint8Array;
  count: number;
  /** Per state index: first edge and one past the last; bbox [minX, minY, maxX, maxY]. */
  stateStart: Int32Array;
  stateEnd: Int32Array;
  stateBox: Float64Array;
}

/** The index's longitude frame: east longitudes become < -180 (only Alaska uses them). */
export function toIndexLon(lon: number): number {
  return lon > 0 ? lon - 360 : lon;
}

function loadStateRings(): Map<number, number[][][]> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('us-atlas/states-10m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology;
  const collection = feature(topology, topology.objects.states as GeometryCollection);
  const rings = new Map<number, number[][][]>();
  for (const f of collection.features as Feature<Geometry>[]) {
    const code = stateByFips(String(f.id));
    if (code === undefined) continue;
    const g = f.geometry;
    const polygons =
      g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    const list = rings.get(US_STATES.indexOf(code)) ?? [];
    for (const polygon of polygons) for (const ring of polygon) list.push(ring);
    rings.set(US_STATES.indexOf(code), list);
  }
  if (rings.size !== US_STATES.length) {
    throw new Error(`us-atlas states-10m.json: expected ${US_STATES.length} states, got ${rings.size}`);
  }
  return rings;
}

export function loadStateEdges(): StateEdges {
  const rings = loadStateRings();
  const coords: number[] = [];
  const state: number[] = [];
  const stateStart = new Int32Array(US_STATES.length);
  const stateEnd = new Int32Array(US_STATES.length);
  const stateBox = new Float64Array(US_STATES.length * 4);
  for (let s = 0; s < US_STATES.length; s++) {
    stateStart[s] = state.length;
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of rings.get(s) ?? []) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const [lon1, y1] = ring[i];
        const [lon2, y2] = ring[i + 1];
        if (Math.abs(lon2 - lon1) > 180) throw new Error(`${US_STATES[s]}: edge crosses the antimeridian`);
        pushDensified(coords, state, s, toIndexLon(lon1), y1, toIndexLon(lon2), y2);
        box[0] = Math.min(box[0], toIndexLon(lon1));
        box[1] = Math.min(box[1], y1);
        box[2] = Math.max(box[2], toIndexLon(lon1));
        box[3] = Math.max(box[3], y1);
      }
    }
    stateEnd[s] = state.length;
    stateBox.set(box, s * 4);
  }
  return {
    coords: Float64Array.from(coords),
    state: Uint8Array.from(state),
    count: state.length,
    stateStart,
    stateEnd,
    stateBox,
  };
}

function pushDensified(
  coords: number[], state: number[], s: number,
  x1: number, y1: number, x2: number, y2: number,
): void {
  const pieces = Math.max(1, Math.ceil(Math.hypot(x2 - x1, y2 - y1) / MAX_EDGE_DEG));
  for (let k = 0; k < pieces; k++) {
    // Exact endpoints at k = 0 and k = pieces keep neighbouring edges joined bit for bit.
    const a = k / pieces;
    const b = (k + 1) / pieces;
    coords.push(
      k === 0 ? x1 : x1 + (x2 - x1) * a,
      k === 0 ? y1 : y1 + (y2 - y1) * a,
      k + 1 === pieces ? x2 : x1 + (x2 - x1) * b,
      k + 1 === pieces ? y2 : y1 + (y2 - y1) * b,
    );
    state.push(s);
  }
}
