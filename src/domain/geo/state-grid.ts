// A uniform lat/lon grid over the state edges, for point-in-state lookups at millions per second.
//
// Hand-written rather than a library: the npm point-in-polygon / R-tree packages answer "which
// polygon" by testing whole rings (Texas alone has thousands of vertices); here each cell keeps
// only the edges near it, so most lookups are one array read and the rest test a few dozen edges.
// Measured in docs/geo.md.
//
// Each cell stores
// - centre: the state containing the cell's centre C (or -1), found once by a scanline sweep;
// - the edges whose bounding box, widened by `marginKm`, touches the cell (CSR arrays), grouped
//   by state (edges arrive grouped, see state-edges.ts).
// A point P in a cell with no edges lies in `centre` (or in no state and farther than marginKm
// from every state). Otherwise P's state follows from C's by parity along the path
// P → Q = (C.x, P.y) → C, which stays inside the cell: horizontal crossings decide P vs Q,
// vertical crossings decide Q vs C (each a standard half-open ray-casting rule, exact for points
// not on an edge), and only the cell's edges can cross that path.

import { KM_PER_DEGREE } from './distance.ts';
import type { StateEdges } from './state-edges.ts';

export interface StateGrid {
  minX: number;
  minY: number;
  cellDeg: number;
  cols: number;
  rows: number;
  centre: Int8Array;
  /** Cell i's edges are entries cellStart[i] .. cellStart[i + 1] - 1. */
  cellStart: Int32Array;
  /** Per entry: x1, y1, x2, y2 (copied for locality) and the state index. */
  entryCoords: Float64Array;
  entryState: Uint8Array;
}

/** Degrees of longitude covering `km` at latitudes up to |lat|. */
function lonMarginDeg(km: number, absLat: number): number {
  return km / KM_PER_DEGREE / Math.cos((Math.min(absLat, 89) * Math.PI) / 180);
}

export function buildStateGrid(edges: StateEdges, cellDeg: number, marginKm: number): StateGrid {
  const c = edges.coords;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < c.length; i += 2) {
    minX = Math.min(minX, c[i]); maxX = Math.max(maxX, c[i]);
    minY = Math.min(minY, c[i + 1]); maxY = Math.max(maxY, c[i + 1]);
  }
  const padY = marginKm / KM_PER_DEGREE + cellDeg;
  const padX = lonMarginDeg(marginKm, Math.max(Math.abs(minY), Math.abs(maxY))) + cellDeg;
  const g0 = { minX: minX - padX, minY: minY - padY, cellDeg };
  const cols = Math.ceil((maxX + padX - g0.minX) / cellDeg);
  const rows = Math.ceil((maxY + padY - g0.minY) / cellDeg);
  const { cellStart, entryCoords, entryState } = fillCells(edges, g0, cols, rows, marginKm);
  const centre = sweepCentres(edges, g0, cols, rows);
  return { ...g0, cols, rows, centre, cellStart, entryCoords, entryState };
}

interface Origin { minX: number; minY: number; cellDeg: number }

/** Visits every cell an edge's widened bbox touches. */
function forEachCell(
  edges: StateEdges, e: number, g: Origin, cols: number, rows: number, marginKm: number,
  visit: (cell: number) => void,
): void {
  const c = edges.coords;
  const x1 = c[4 * e], y1 = c[4 * e + 1], x2 = c[4 * e + 2], y2 = c[4 * e + 3];
  const my = marginKm / KM_PER_DEGREE;
  const mx = lonMarginDeg(marginKm, Math.max(Math.abs(y1), Math.abs(y2)) + my);
  const c0 = Math.max(0, Math.floor((Math.min(x1, x2) - mx - g.minX) / g.cellDeg));
  const c1 = Math.min(cols - 1, Math.floor((Math.max(x1, x2) + mx - g.minX) / g.cellDeg));
  const r0 = Math.max(0, Math.floor((Math.min(y1, y2) - my - g.minY) / g.cellDeg));
  const r1 = Math.min(rows - 1, Math.floor((Math.max(y1, y2) + my - g.minY) / g.cellDeg));
  for (let r = r0; r <= r1; r++) for (let col = c0; col <= c1; col++) visit(r * cols + col);
}

function fillCells(edges: StateEdges, g: Origin, cols: number, rows: number, marginKm: number) {
  const cellStart = new Int32Array(cols * rows + 1);
  for (let e = 0; e < edges.count; e++) {
    forEachCell(edges, e, g, cols, rows, marginKm, (cell) => { cellStart[cell + 1]++; });
  }
  for (let i = 0; i < cols * rows; i++) cellStart[i + 1] += cellStart[i];
  const fill = cellStart.slice(0, cols * rows);
  const entryCoords = new Float64Array(cellStart[cols * rows] * 4);
  const entryState = new Uint8Array(cellStart[cols * rows]);
  for (let e = 0; e < edges.count; e++) {
    forEachCell(edges, e, g, cols, rows, marginKm, (cell) => {
      const k = fill[cell]++;
      entryCoords.set(edges.coords.subarray(4 * e, 4 * e + 4), 4 * k);
      entryState[k] = edges.state[e];
    });
  }
  return { cellStart, entryCoords, entryState };
}

/** State containing each cell centre: per row, sort the edge crossings of the centre line. */
function sweepCentres(edges: StateEdges, g: Origin, cols: number, rows: number): Int8Array {
  const centre = new Int8Array(cols * rows).fill(-1);
  const c = edges.coords;
  const parity = new Uint8Array(256);
  for (let r = 0; r < rows; r++) {
    const y = g.minY + (r + 0.5) * g.cellDeg;
    const crossings: Array<[number, number]> = [];
    for (let e = 0; e < edges.count; e++) {
      const y1 = c[4 * e + 1], y2 = c[4 * e + 3];
      if ((y1 > y) === (y2 > y)) continue;
      const x1 = c[4 * e], x2 = c[4 * e + 2];
      crossings.push([x1 + ((y - y1) * (x2 - x1)) / (y2 - y1), edges.state[e]]);
    }
    crossings.sort((a, b) => a[0] - b[0]);
    parity.fill(0);
    let k = 0;
    let inside = -1;
    for (let col = 0; col < cols; col++) {
      const x = g.minX + (col + 0.5) * g.cellDeg;
      for (; k < crossings.length && crossings[k][0] < x; k++) {
        const s = crossings[k][1];
        parity[s] ^= 1;
        // States do not overlap, so at most one has odd parity at a time.
        inside = parity[s] === 1 ? s : inside === s ? -1 : inside;
      }
      centre[r * cols + col] = inside;
    }
  }
  return centre;
}

/**
 * State index containing (x, y) in the index frame, or -1 when in none; `nearest` is then
 * consulted by the caller. Exact polygon containment, no tolerance.
 */
export function gridContains(g: StateGrid, x: number, y: number): number {
  const col = Math.floor((x - g.minX) / g.cellDeg);
  const row = Math.floor((y - g.minY) / g.cellDeg);
  if (col < 0 || row < 0 || col >= g.cols || row >= g.rows) return -1;
  const cell = row * g.cols + col;
  const centre = g.centre[cell];
  const start = g.cellStart[cell];
  const end = g.cellStart[cell + 1];
  if (start === end) return centre;
  const cx = g.minX + (col + 0.5) * g.cellDeg;
  const cy = g.minY + (row + 0.5) * g.cellDeg;
  const ec = g.entryCoords;
  const es = g.entryState;
  let centreLost = false;
  let k = start;
  while (k < end) {
    const s = es[k];
    let toggles = 0;
    for (; k < end && es[k] === s; k++) {
      const x1 = ec[4 * k], y1 = ec[4 * k + 1], x2 = ec[4 * k + 2], y2 = ec[4 * k + 3];
      if ((y1 > y) !== (y2 > y)) {
        const xi = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
        if ((xi > x) !== (xi > cx)) toggles ^= 1;
      }
      if ((x1 > cx) !== (x2 > cx)) {
        const yi = y1 + ((cx - x1) * (y2 - y1)) / (x2 - x1);
        if ((yi > y) !== (yi > cy)) toggles ^= 1;
      }
    }
    if (s === centre) centreLost = toggles === 1;
    else if (toggles === 1) return s;
  }
  return centreLost ? -1 : centre;
}

/**
 * The state of the nearest edge within `maxKm` of (x, y), or -1. Distances in a local
 * equirectangular frame: at the few-km scale of the coastal tolerance its error is far below the
 * 1:10m boundaries' own accuracy. Only the cell's edges are searched, which is complete because
 * cells list every edge within the grid's marginKm (callers keep maxKm <= marginKm).
 */
export function gridNearest(g: StateGrid, x: number, y: number, maxKm: number): number {
  const col = Math.floor((x - g.minX) / g.cellDeg);
  const row = Math.floor((y - g.minY) / g.cellDeg);
  if (col < 0 || row < 0 || col >= g.cols || row >= g.rows) return -1;
  const cell = row * g.cols + col;
  const cosLat = Math.cos((y * Math.PI) / 180);
  const ec = g.entryCoords;
  let best = (maxKm / KM_PER_DEGREE) ** 2;
  let bestState = -1;
  for (let k = g.cellStart[cell]; k < g.cellStart[cell + 1]; k++) {
    const ux = (ec[4 * k + 2] - ec[4 * k]) * cosLat, uy = ec[4 * k + 3] - ec[4 * k + 1];
    const px = (x - ec[4 * k]) * cosLat, py = y - ec[4 * k + 1];
    const len2 = ux * ux + uy * uy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * ux + py * uy) / len2));
    const d2 = (px - t * ux) ** 2 + (py - t * uy) ** 2;
    if (d2 <= best) { best = d2; bestState = g.entryState[k]; }
  }
  return bestState;
}

/**
 * The state s when every cell overlapping the box [minX, maxX] × [minY, maxY] (index longitudes)
 * holds no edge and has its centre in s, else -1. Such a box contains no state boundary at all,
 * so it lies wholly inside s: "which states are within r km" is then just s, with no distance
 * computed (garaging coverage asks it for every vehicle).
 */
export function soleStateOfBox(g: StateGrid, minX: number, minY: number, maxX: number, maxY: number): number {
  const c0 = Math.floor((minX - g.minX) / g.cellDeg), c1 = Math.floor((maxX - g.minX) / g.cellDeg);
  const r0 = Math.floor((minY - g.minY) / g.cellDeg), r1 = Math.floor((maxY - g.minY) / g.cellDeg);
  if (!(c0 >= 0 && r0 >= 0 && c1 < g.cols && r1 < g.rows)) return -1;
  const state = g.centre[r0 * g.cols + c0];
  if (state < 0) return -1;
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const cell = row * g.cols + col;
      if (g.centre[cell] !== state || g.cellStart[cell] !== g.cellStart[cell + 1]) return -1;
    }
  }
  return state;
}
