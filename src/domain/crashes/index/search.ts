// The query: one walk of the tree for one or more concentric circles (rings) and a day range.
// A node whose box lies wholly outside a circle is skipped, one wholly inside is answered from
// its totals or its day list, and only leaves that straddle a circle's edge are read point by
// point. A box is tested by its nearest and farthest point from the centre (sphere.ts); boxes
// contain their points, so both tests are conservative. A coded leaf's points are tested by the
// chord of their decoded unit vector with a margin (point-code.ts), and the few within the margin
// by haversineKm on their decoded coordinates, which are the stored ones; an exact leaf's points
// by haversineKm directly.
import { haversineKm } from '../../geo/distance.ts';
import * as pointCode from './point-code.ts';
import { chordBounds, narrowRings, writeUnitVector } from './sphere.ts';
import type { IndexArrays } from './types.ts';

const FRAME = 5; // node, start, end, lo, hi
const DEG = Math.PI / 180;
// Plain module constants: an imported binding may be read through a getter on every use.
const EXACT_LEAF = pointCode.EXACT_LEAF, GRID = pointCode.GRID, STEP_RADIANS = pointCode.STEP_RADIANS;
const POINT_MARGIN = pointCode.POINT_MARGIN;

/**
 * sin and cos of every multiple of 2^16 grid steps (0.0065536 degree) from -180 to 180 degrees:
 * a leaf's origin is such a multiple plus at most 65,535 steps, which join the crash's offset in
 * the small angle of the point loop (then at most 0.0294 rad), so no leaf calls Math.sin.
 */
const COARSE_SHIFT = 16;
const COARSE_FIRST = Math.floor(-180 * GRID / 2 ** COARSE_SHIFT) - 1;
const COARSE_COUNT = Math.ceil(180 * GRID / 2 ** COARSE_SHIFT) + 2 - COARSE_FIRST;
let coarseSin: Float64Array | null = null;
let coarseCos: Float64Array | null = null;

function coarseTables(): [Float64Array, Float64Array] {
  if (!coarseSin || !coarseCos) {
    coarseSin = new Float64Array(COARSE_COUNT);
    coarseCos = new Float64Array(COARSE_COUNT);
    for (let j = 0; j < COARSE_COUNT; j++) {
      const angle = (((COARSE_FIRST + j) * 2 ** COARSE_SHIFT) / GRID) * DEG;
      coarseSin[j] = Math.sin(angle);
      coarseCos[j] = Math.cos(angle);
    }
  }
  return [coarseSin, coarseCos];
}
const stack = new Int32Array(FRAME * 256);
const centre = new Float64Array(3);

/**
 * Adds to `buckets` (3 per ring + 1: crashes, injuries, fatalities) the crashes with
 * fromDay <= day <= toDay whose smallest containing ring is k, into bucket k. `radiiKm` must be
 * ascending; rings are closed (distance <= radius).
 */
export function searchRings(
  ix: IndexArrays, latitude: number, longitude: number, radiiKm: Float64Array,
  fromDay: number, toDay: number, buckets: Float64Array,
): void {
  const rings = radiiKm.length;
  const from = Math.max(fromDay - ix.dayBase, 0);
  const to = Math.min(toDay - ix.dayBase, 0xffff);
  if (rings > 0xffff) throw new RangeError('at most 65,535 rings'); // narrowRings packs lo and hi in 16 bits
  if (ix.size === 0 || rings === 0 || from > to) return;
  const inner = new Float64Array(rings); // squared chord at most this: certainly inside
  const outer = new Float64Array(rings); // squared chord above this: certainly outside
  const pointInner = new Float64Array(rings); // the same for a decoded point (wider margin)
  const pointOuter = new Float64Array(rings);
  for (let k = 0; k < rings; k++) {
    ({ inner: inner[k], outer: outer[k] } = chordBounds(radiiKm[k]));
    ({ inner: pointInner[k], outer: pointOuter[k] } = chordBounds(radiiKm[k], POINT_MARGIN));
  }
  writeUnitVector(latitude, longitude, centre, 0);
  const cx = centre[0], cy = centre[1], cz = centre[2];
  const { box, code, leafOrigin, exactLatLon, day, injuries, fatalities } = ix;
  const [sinTable, cosTable] = coarseTables();
  const firstLeaf = 2 ** ix.leafDepth - 1;
  let sp = push(0, 0, 0, ix.size, 0, rings);
  while (sp > 0) {
    sp -= FRAME;
    const node = stack[sp], s = stack[sp + 1], e = stack[sp + 2];
    let lo = stack[sp + 3], hi = stack[sp + 4];
    if (lo < hi) {
      const span = narrowRings(box, node * 6, cx, cy, cz, inner, outer, lo, hi);
      lo = span >>> 16;
      hi = span & 0xffff;
      if (lo < hi) {
        if (node < firstLeaf) {
          const mid = (s + e) >>> 1;
          sp = push(sp, 2 * node + 2, mid, e, lo, hi);
          sp = push(sp, 2 * node + 1, s, mid, lo, hi);
          continue;
        }
        const leaf = (node - firstLeaf) * 2;
        const oLat = leafOrigin[leaf], oLon = leafOrigin[leaf + 1];
        if (oLat === EXACT_LEAF) {
          for (let i = s; i < e; i++) {
            const d = day[i];
            if (d < from) continue;
            if (d > to) break; // leaves are sorted by day
            const at = (oLon + i - s) * 2;
            const km = haversineKm(latitude, longitude, exactLatLon[at], exactLatLon[at + 1]);
            let k = lo;
            while (k < hi && km > radiiKm[k]) k++;
            if (k === rings) continue; // k === hi < rings: in ring hi, as the box test proved
            buckets[k * 3] += 1;
            buckets[k * 3 + 1] += injuries[i];
            buckets[k * 3 + 2] += fatalities[i];
          }
          continue;
        }
        // The origin as a coarse angle from the tables plus a remainder of grid steps.
        const latHigh = oLat >> COARSE_SHIFT, lonHigh = oLon >> COARSE_SHIFT;
        const sinLat0 = sinTable[latHigh - COARSE_FIRST], cosLat0 = cosTable[latHigh - COARSE_FIRST];
        const sinLon0 = sinTable[lonHigh - COARSE_FIRST], cosLon0 = cosTable[lonHigh - COARSE_FIRST];
        const latRest = oLat - latHigh * 2 ** COARSE_SHIFT, lonRest = oLon - lonHigh * 2 ** COARSE_SHIFT;
        for (let i = s; i < e; i++) {
          const d = day[i];
          if (d < from) continue;
          if (d > to) break; // leaves are sorted by day
          const c = i * 6;
          const a = (latRest + (code[c] | (code[c + 1] << 8) | (code[c + 2] << 16))) * STEP_RADIANS;
          const g = (lonRest + (code[c + 3] | (code[c + 4] << 8) | (code[c + 5] << 16))) * STEP_RADIANS;
          // sin to a^5 (error below 4e-15 for 0 <= a <= 0.0294), cos to a^6 (below 2e-17)
          const a2 = a * a, g2 = g * g;
          const sa = a * (1 - (a2 / 6) * (1 - a2 / 20)), ca = 1 - (a2 / 2) * (1 - (a2 / 12) * (1 - a2 / 30));
          const sg = g * (1 - (g2 / 6) * (1 - g2 / 20)), cg = 1 - (g2 / 2) * (1 - (g2 / 12) * (1 - g2 / 30));
          const sinPhi = sinLat0 * ca + cosLat0 * sa, cosPhi = cosLat0 * ca - sinLat0 * sa;
          const cosLambda = cosLon0 * cg - sinLon0 * sg, sinLambda = sinLon0 * cg + cosLon0 * sg;
          const dx = cosPhi * cosLambda - cx, dy = cosPhi * sinLambda - cy, dz = sinPhi - cz;
          const chord = dx * dx + dy * dy + dz * dz;
          let k = lo;
          while (k < hi && chord > pointInner[k]) {
            if (chord <= pointOuter[k] && haversineKm(latitude, longitude, (oLat + (code[c] | (code[c + 1] << 8) | (code[c + 2] << 16))) / GRID,
              (oLon + (code[c + 3] | (code[c + 4] << 8) | (code[c + 5] << 16))) / GRID) <= radiiKm[k]) break;
            k++;
          }
          if (k === rings) continue;
          buckets[k * 3] += 1;
          buckets[k * 3 + 1] += injuries[i];
          buckets[k * 3 + 2] += fatalities[i];
        }
        continue;
      }
    }
    if (hi === rings) continue; // outside every ring
    sp = addInside(ix, node, s, e, hi, from, to, firstLeaf, buckets, sp);
  }
}

function push(sp: number, node: number, s: number, e: number, lo: number, hi: number): number {
  stack[sp] = node; stack[sp + 1] = s; stack[sp + 2] = e; stack[sp + 3] = lo; stack[sp + 4] = hi;
  return sp + FRAME;
}

/** Adds a node lying wholly inside ring `k`; returns the stack pointer (children may be pushed). */
function addInside(
  ix: IndexArrays, node: number, s: number, e: number, k: number, from: number, to: number,
  firstLeaf: number, buckets: Float64Array, sp: number,
): number {
  const st = node * 4, stats = ix.nodeStats;
  const first = stats[st + 2], last = stats[st + 3];
  if (to < first || from > last) return sp;
  if (from <= first && to >= last) {
    buckets[k * 3] += e - s;
    buckets[k * 3 + 1] += stats[st];
    buckets[k * 3 + 2] += stats[st + 1];
    return sp;
  }
  const length = ix.listRange[node * 2 + 1];
  if (length === 0) {
    // Without a day list: a small node reads its points' days (its points are one contiguous
    // run, so no need to walk down to its leaves); a big one asks its children, which have lists.
    if (e - s <= ix.listMinSize || node >= firstLeaf) {
      const { day, injuries, fatalities } = ix;
      let crashes = 0, injured = 0, killed = 0;
      for (let i = s; i < e; i++) {
        const d = day[i];
        if (d >= from && d <= to) {
          crashes++;
          injured += injuries[i];
          killed += fatalities[i];
        }
      }
      buckets[k * 3] += crashes;
      buckets[k * 3 + 1] += injured;
      buckets[k * 3 + 2] += killed;
      return sp;
    }
    const mid = (s + e) >>> 1;
    sp = push(sp, 2 * node + 2, mid, e, k, k);
    return push(sp, 2 * node + 1, s, mid, k, k);
  }
  const start = ix.listRange[node * 2], end = start + length, days = ix.listDay;
  let a = start, b = end;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (days[m] < from) a = m + 1;
    else b = m;
  }
  let c = a;
  b = end;
  while (c < b) {
    const m = (c + b) >>> 1;
    if (days[m] <= to) c = m + 1;
    else b = m;
  }
  if (c === a) return sp;
  const cum = ix.listCum, hiAt = (c - 1) * 3, loAt = (a - 1) * 3;
  const before = a > start;
  buckets[k * 3] += cum[hiAt] - (before ? cum[loAt] : 0);
  buckets[k * 3 + 1] += cum[hiAt + 1] - (before ? cum[loAt + 1] : 0);
  buckets[k * 3 + 2] += cum[hiAt + 2] - (before ? cum[loAt + 2] : 0);
  return sp;
}
