// The index decides "within radius" on 3-D unit vectors by the chord (straight-line) distance,
// which grows with the great-circle distance, so a circle on the sphere is a ball in space:
// boxes are tested by their nearest and farthest point from the centre and points by a squared
// distance, with no trigonometry. (A dot-product half-space test is cheaper still but useless:
// an axis-aligned box around a tilted patch of sphere pokes out of the sphere by about its own
// size, and those off-sphere corners pass a half-space test from hundreds of km away.)
// The truth is haversineKm(...) <= radius, as the brute-force scan computes it; the chord test
// keeps a margin and leaves the points inside that margin to haversineKm itself.
import { EARTH_RADIUS_KM } from '../../geo/distance.ts';

const DEG = Math.PI / 180;

/**
 * Margins on the chord: coordinates carry absolute rounding below 1e-15 (on the unit sphere) and
 * haversine's result a relative one of a few 1e-16; these margins are orders of magnitude wider
 * and still only ~0.1 micrometre on the ground, so the exact fallback almost never runs.
 */
const RELATIVE_MARGIN = 1e-12;
const ABSOLUTE_MARGIN = 1e-14;

export function writeUnitVector(latitude: number, longitude: number, out: Float64Array, at: number): void {
  const phi = latitude * DEG;
  const lambda = longitude * DEG;
  const cosPhi = Math.cos(phi);
  out[at] = cosPhi * Math.cos(lambda);
  out[at + 1] = cosPhi * Math.sin(lambda);
  out[at + 2] = Math.sin(phi);
}

/**
 * Squared chord bounds for a radius: a point whose squared chord to the centre is <= inner is
 * certainly within the radius, > outer certainly not; in between, ask haversineKm. Points whose
 * unit vector carries more error than writeUnitVector's (decoded points) pass a wider margin.
 */
export function chordBounds(radiusKm: number, absoluteMargin = ABSOLUTE_MARGIN): { inner: number; outer: number } {
  if (radiusKm < 0) return { inner: -1, outer: -1 }; // nothing is at a negative distance
  const chord = 2 * Math.sin(Math.min(radiusKm / EARTH_RADIUS_KM, Math.PI) / 2);
  const inner = chord * (1 - RELATIVE_MARGIN) - absoluteMargin;
  const outer = chord * (1 + RELATIVE_MARGIN) + absoluteMargin;
  return { inner: inner > 0 ? inner * inner : -1, outer: outer * outer };
}

/**
 * The rings [lo, hi) of an ascending set that a node's box may still split, narrowed by the box's
 * nearest and farthest squared chord from the centre (cx, cy, cz): rings below the new lo miss the
 * box (nearest > outer), rings from the new hi on hold all of it (farthest <= inner). The box is 6
 * floats at box[b] (min x, max x, min y, ...). Returns lo * 65536 + hi (no object on the hot path
 * of every tree walk: the crash index's search.ts and garaging's disc-sum-tree.ts).
 */
export function narrowRings(
  box: Float32Array, b: number, cx: number, cy: number, cz: number,
  inner: Float64Array, outer: Float64Array, lo: number, hi: number,
): number {
  let near = 0, far = 0, u = box[b] - cx, v = cx - box[b + 1];
  near += u > 0 ? u * u : v > 0 ? v * v : 0;
  far += u * u > v * v ? u * u : v * v;
  u = box[b + 2] - cy; v = cy - box[b + 3];
  near += u > 0 ? u * u : v > 0 ? v * v : 0;
  far += u * u > v * v ? u * u : v * v;
  u = box[b + 4] - cz; v = cz - box[b + 5];
  near += u > 0 ? u * u : v > 0 ? v * v : 0;
  far += u * u > v * v ? u * u : v * v;
  while (lo < hi && near > outer[lo]) lo++;
  while (hi > lo && far <= inner[hi - 1]) hi--;
  return lo * 65536 + hi;
}

const f32 = new Float32Array(1);
const bits = new Int32Array(f32.buffer);

/** Largest float32 <= v (for box minima: a box rounded outward still contains its points). */
export function float32Down(v: number): number {
  const f = Math.fround(v);
  if (f <= v) return f;
  f32[0] = f;
  if (f > 0) bits[0] -= 1;
  else if (f < 0) bits[0] += 1;
  else bits[0] = 0x80000001 | 0; // -0 or 0 above a tiny negative v: smallest negative subnormal
  return f32[0];
}

/** Smallest float32 >= v (for box maxima). */
export function float32Up(v: number): number {
  return -float32Down(-v);
}
