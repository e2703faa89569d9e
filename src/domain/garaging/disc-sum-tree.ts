// How many points, and how much of their weight, lie within several great-circle discs around a
// point, in one walk of a static k-d tree whose nodes carry their totals. Garaging asks this for
// every vehicle: the data window's fatal crashes in the 2/5/15 km kernel discs (window-model.ts)
// and the Census population in the adaptive density discs (population.ts).
//
// Why not the libraries or the crash index: kdbush lists every point of the disc (hundreds of
// block groups around a city point) before they can be summed; the crash index also filters by
// day and, on FARS's 8-decimal positions, decides every point of a straddling leaf with haversine.
// Here a node wholly inside a disc adds its total, and a point near an edge is decided by the
// chord of float64 unit vectors with a margin (crashes/index/sphere.ts), haversineKm only inside
// that ~0.1 µm margin, so the answer is the haversine one. Measured with
// bench/garaging-backtest/compute-timing.ts (50 vehicles, no location cache): median 0.80-0.87 ms
// per request with the crash index's ring query and kdbush, 0.52-0.54 ms with this tree (leaves
// of 16: 10% faster than 8 on the real data, docs/model.md "Serving").
import { haversineKm } from '../geo/distance.ts';
import { leafDepthFor, nodeSlots, partition } from '../crashes/index/kd-tree.ts';
import { chordBounds, narrowRings, writeUnitVector } from '../crashes/index/sphere.ts';

/** Most radii one query may ask for. */
export const MAX_RADII = 16;
const FRAME = 5; // node, start, end, lo, hi
const stack = new Int32Array(FRAME * 128);
const centre = new Float64Array(3);
const inner = new Float64Array(MAX_RADII);
const outer = new Float64Array(MAX_RADII);

export class DiscSumTree {
  private constructor(
    readonly size: number,
    private readonly leafDepth: number,
    /** 6 floats per node: the outward-rounded box of its points' unit vectors. */
    private readonly box: Float32Array,
    /** Unit vectors in leaf order, 3 per point. */
    private readonly xyz: Float64Array,
    /** Latitude, longitude in leaf order, for haversineKm within the margin. */
    private readonly latLon: Float64Array,
    /** Weights in leaf order, and per node the sum of its points' weights. */
    private readonly weight: Float64Array,
    private readonly nodeWeight: Float64Array,
  ) {}

  /** Points with an optional weight each (1 if none given). */
  static build(latitude: ArrayLike<number>, longitude: ArrayLike<number>, weight?: ArrayLike<number>, leafSize = 16): DiscSumTree {
    const n = latitude.length;
    if (longitude.length !== n || (weight && weight.length !== n)) throw new RangeError('point columns differ in length');
    const work = { x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n), row: new Int32Array(n) };
    const v = new Float64Array(3);
    for (let i = 0; i < n; i++) {
      writeUnitVector(latitude[i], longitude[i], v, 0);
      work.x[i] = v[0]; work.y[i] = v[1]; work.z[i] = v[2]; work.row[i] = i;
    }
    const leafDepth = leafDepthFor(n, leafSize);
    const slots = nodeSlots(leafDepth);
    const box = new Float32Array(6 * slots);
    partition(work, leafDepth, box, () => {});
    const xyz = new Float64Array(3 * n), latLon = new Float64Array(2 * n), w = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const row = work.row[i];
      xyz[3 * i] = work.x[i]; xyz[3 * i + 1] = work.y[i]; xyz[3 * i + 2] = work.z[i];
      latLon[2 * i] = latitude[row]; latLon[2 * i + 1] = longitude[row];
      w[i] = weight ? weight[row] : 1;
    }
    const nodeWeight = new Float64Array(slots);
    const total = (node: number, s: number, e: number, depth: number): number => {
      let sum = 0;
      if (depth === leafDepth) for (let i = s; i < e; i++) sum += w[i];
      else {
        const mid = (s + e) >>> 1;
        sum = total(2 * node + 1, s, mid, depth + 1) + total(2 * node + 2, mid, e, depth + 1);
      }
      nodeWeight[node] = sum;
      return sum;
    };
    if (n > 0) total(0, 0, n, 0);
    return new DiscSumTree(n, leafDepth, box, xyz, latLon, w, nodeWeight);
  }

  /**
   * For each radius of `radiiKm` (km, ascending, closed discs): the points within it into
   * counts[k] and their weight into sums[k] (cumulative: disc k includes disc k-1).
   */
  discSums(latitude: number, longitude: number, radiiKm: Float64Array, counts: Float64Array, sums: Float64Array): void {
    const rings = radiiKm.length;
    if (rings > MAX_RADII) throw new RangeError(`at most ${MAX_RADII} radii`);
    for (let k = 0; k < rings; k++) {
      counts[k] = 0;
      sums[k] = 0;
      if (k > 0 && !(radiiKm[k] >= radiiKm[k - 1])) throw new RangeError('radii must be ascending');
      ({ inner: inner[k], outer: outer[k] } = chordBounds(radiiKm[k]));
    }
    if (this.size === 0 || rings === 0) return;
    writeUnitVector(latitude, longitude, centre, 0);
    const cx = centre[0], cy = centre[1], cz = centre[2];
    const { box, xyz, latLon, weight, nodeWeight } = this;
    const firstLeaf = 2 ** this.leafDepth - 1;
    // Each point goes to the bucket of the smallest disc holding it, summed up at the end.
    let sp = push(0, 0, 0, this.size, 0, rings);
    while (sp > 0) {
      sp -= FRAME;
      const node = stack[sp], s = stack[sp + 1], e = stack[sp + 2];
      // Discs below lo miss the node, discs from hi on hold all of it.
      const span = narrowRings(box, node * 6, cx, cy, cz, inner, outer, stack[sp + 3], stack[sp + 4]);
      const lo = span >>> 16, hi = span & 0xffff;
      if (lo === hi) {
        if (hi < rings) {
          counts[hi] += e - s;
          sums[hi] += nodeWeight[node];
        }
        continue;
      }
      if (node < firstLeaf) {
        const mid = (s + e) >>> 1;
        sp = push(sp, 2 * node + 2, mid, e, lo, hi);
        sp = push(sp, 2 * node + 1, s, mid, lo, hi);
        continue;
      }
      for (let i = s; i < e; i++) {
        const dx = xyz[3 * i] - cx, dy = xyz[3 * i + 1] - cy, dz = xyz[3 * i + 2] - cz;
        const chord = dx * dx + dy * dy + dz * dz;
        let k = lo;
        while (k < hi && chord > inner[k]) {
          if (chord <= outer[k] && haversineKm(latitude, longitude, latLon[2 * i], latLon[2 * i + 1]) <= radiiKm[k]) break;
          k++;
        }
        if (k === rings) continue; // k === hi < rings: inside disc hi, as the box test proved
        counts[k] += 1;
        sums[k] += weight[i];
      }
    }
    for (let k = 1; k < rings; k++) {
      counts[k] += counts[k - 1];
      sums[k] += sums[k - 1];
    }
  }
}

function push(sp: number, node: number, s: number, e: number, lo: number, hi: number): number {
  stack[sp] = node; stack[sp + 1] = s; stack[sp + 2] = e; stack[sp + 3] = lo; stack[sp + 4] = hi;
  return sp + FRAME;
}
