// Arranges points into the implicit balanced k-d tree described in types.ts, over 3-D unit
// vectors: each node splits its range at the middle along the axis where its points spread
// widest, so dense cities get small boxes and empty land large ones. Boxes are the tight bounds
// of each node's points, computed in the same pass that picks the axis.
import { float32Down, float32Up } from './sphere.ts';

/** Working copies that the partition reorders together (x, y, z and the original row). */
export interface WorkPoints {
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  row: Int32Array;
}

/** Depth of the leaves: the smallest depth at which every node holds at most leafSize points. */
export function leafDepthFor(size: number, leafSize: number): number {
  let depth = 0;
  while (Math.ceil(size / 2 ** depth) > leafSize) depth++;
  return depth;
}

export function nodeSlots(leafDepth: number): number {
  return 2 ** (leafDepth + 1) - 1;
}

/**
 * Partitions `points` in place and fills `box` (6 floats per node). `onLeaf(s, e)` runs once per
 * leaf, after which nothing moves points of that leaf again.
 */
export function partition(
  points: WorkPoints,
  leafDepth: number,
  box: Float32Array,
  onLeaf: (s: number, e: number) => void,
): void {
  const { x, y, z, row } = points;
  const swap = (i: number, j: number): void => {
    let t = x[i]; x[i] = x[j]; x[j] = t;
    t = y[i]; y[i] = y[j]; y[j] = t;
    t = z[i]; z[i] = z[j]; z[j] = t;
    const r = row[i]; row[i] = row[j]; row[j] = r;
  };
  const visit = (node: number, s: number, e: number, depth: number): void => {
    const axis = writeBox(points, s, e, box, node * 6);
    if (depth === leafDepth) return onLeaf(s, e);
    const mid = (s + e) >>> 1;
    select(axis === 0 ? x : axis === 1 ? y : z, swap, mid, s, e - 1);
    visit(2 * node + 1, s, mid, depth + 1);
    visit(2 * node + 2, mid, e, depth + 1);
  };
  if (points.x.length > 0) visit(0, 0, points.x.length, 0);
}

/** Writes the outward-rounded bounds of [s, e) and returns the axis (0, 1, 2) of widest spread. */
function writeBox(points: WorkPoints, s: number, e: number, box: Float32Array, at: number): number {
  const { x, y, z } = points;
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, z0 = Infinity, z1 = -Infinity;
  for (let i = s; i < e; i++) {
    const a = x[i], b = y[i], c = z[i];
    if (a < x0) x0 = a;
    if (a > x1) x1 = a;
    if (b < y0) y0 = b;
    if (b > y1) y1 = b;
    if (c < z0) z0 = c;
    if (c > z1) z1 = c;
  }
  box[at] = float32Down(x0); box[at + 1] = float32Up(x1);
  box[at + 2] = float32Down(y0); box[at + 3] = float32Up(y1);
  box[at + 4] = float32Down(z0); box[at + 5] = float32Up(z1);
  const dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
  return dx >= dy && dx >= dz ? 0 : dy >= dz ? 1 : 2;
}

/**
 * Floyd-Rivest selection (as in kdbush, Vladimir Agafonkin, ISC): afterwards keys[k] is the
 * k-th smallest of keys[left..right], with smaller keys before it and larger after.
 */
function select(
  keys: Float64Array,
  swap: (i: number, j: number) => void,
  k: number,
  left: number,
  right: number,
): void {
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const m = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      const newLeft = Math.max(left, Math.floor(k - (m * s) / n + sd));
      const newRight = Math.min(right, Math.floor(k + ((n - m) * s) / n + sd));
      select(keys, swap, k, newLeft, newRight);
    }
    const t = keys[k];
    let i = left;
    let j = right;
    swap(left, k);
    if (keys[right] > t) swap(left, right);
    while (i < j) {
      swap(i, j);
      i++;
      j--;
      while (keys[i] < t) i++;
      while (keys[j] > t) j--;
    }
    if (keys[left] === t) swap(left, j);
    else {
      j++;
      swap(j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}
