// Per-node time summaries, built bottom-up like a merge-sort tree. Every node gets its totals
// and its first and last day (nodeStats); nodes of more than `listMinSize` points on every
// `listLevelStep`-th level also get a day list: one entry per distinct day present, with cumulative crashes, injuries and fatalities, so
// that a node lying wholly inside the circle is answered by two binary searches. Keeping one
// entry per distinct day (not per point) bounds a big node's list by the days in the data
// (~4,400 over 12 years), which is what keeps the whole structure near a few entries per point.
import type { CountArray } from './types.ts';

export interface PointTimes {
  day: Uint16Array;
  injuries: CountArray;
  fatalities: CountArray;
}

export interface DayLists {
  nodeStats: Int32Array;
  listRange: Int32Array;
  listDay: Uint16Array;
  listCum: Int32Array;
}

/** Node boundaries per depth: level d holds 2^d + 1 offsets, node j of it covers [b[j], b[j+1]). */
export function levelBounds(size: number, leafDepth: number): Int32Array[] {
  const levels = [Int32Array.of(0, size)];
  for (let d = 1; d <= leafDepth; d++) {
    const up = levels[d - 1];
    const b = new Int32Array(2 ** d + 1);
    for (let j = 0; j < up.length - 1; j++) {
      b[2 * j] = up[j];
      b[2 * j + 1] = (up[j] + up[j + 1]) >>> 1;
    }
    b[b.length - 1] = size;
    levels.push(b);
  }
  return levels;
}

export function buildDayLists(
  points: PointTimes,
  leafDepth: number,
  listMinSize: number,
  listLevelStep: number,
  onLevel: (levelsDone: number) => void,
): DayLists {
  const size = points.day.length;
  const slots = 2 ** (leafDepth + 1) - 1;
  const nodeStats = new Int32Array(slots * 4);
  const listRange = new Int32Array(slots * 2);
  const levels = levelBounds(size, leafDepth);
  const daySpan = maxOf(points.day) + 1;
  const listed = listedLevels(levels, leafDepth, listMinSize, listLevelStep);
  const capacity = listCapacity(levels, listed, listMinSize, daySpan);
  const listDay = new Uint16Array(capacity);
  const listCum = new Int32Array(capacity * 3);

  const leafBounds = levels[leafDepth];
  const firstLeaf = 2 ** leafDepth - 1;
  for (let j = 0; j < leafBounds.length - 1; j++) {
    writeLeafStats(points, leafBounds[j], leafBounds[j + 1], nodeStats, (firstLeaf + j) * 4);
  }
  // `order` holds positions sorted by day within each node of the current level; leaves are
  // already sorted by day, so the identity is the leaf level's order.
  let order = new Int32Array(size);
  let merged = new Int32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  let used = 0;
  for (let d = leafDepth - 1; d >= 0; d--) {
    const b = levels[d];
    const firstNode = 2 ** d - 1;
    for (let j = 0; j < b.length - 1; j++) {
      const node = firstNode + j;
      const s = b[j], e = b[j + 1], mid = (s + e) >>> 1;
      mergeByDay(points.day, order, merged, s, mid, e);
      combineStats(nodeStats, node);
      if (listed[d] && e - s > listMinSize) {
        listRange[node * 2] = used;
        used = writeList(points, merged, s, e, listDay, listCum, used);
        listRange[node * 2 + 1] = used - listRange[node * 2];
      }
    }
    [order, merged] = [merged, order];
    onLevel(leafDepth - d);
  }
  return { nodeStats, listRange, listDay: listDay.slice(0, used), listCum: listCum.slice(0, used * 3) };
}

function maxOf(a: Uint16Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) if (a[i] > m) m = a[i];
  return m;
}

/**
 * Which depths carry lists: starting at the deepest level whose nodes exceed listMinSize, every
 * listLevelStep-th level up. An unlisted node's children then always have lists (step 2), or it is
 * small enough to read its points.
 */
function listedLevels(levels: Int32Array[], leafDepth: number, listMinSize: number, step: number): boolean[] {
  const listed = new Array<boolean>(leafDepth + 1).fill(false);
  let lowest = leafDepth - 1;
  while (lowest >= 0 && levels[lowest][1] - levels[lowest][0] <= listMinSize) lowest--;
  for (let d = lowest; d >= 0; d -= step) listed[d] = true;
  return listed;
}

/** Upper bound on list entries: a node has no more distinct days than points or days in the data. */
function listCapacity(levels: Int32Array[], listed: boolean[], listMinSize: number, daySpan: number): number {
  let total = 0;
  for (let d = 0; d < listed.length; d++) {
    if (!listed[d]) continue;
    const b = levels[d];
    for (let j = 0; j < b.length - 1; j++) {
      const n = b[j + 1] - b[j];
      if (n > listMinSize) total += Math.min(n, daySpan);
    }
  }
  return total;
}

function writeLeafStats(points: PointTimes, s: number, e: number, stats: Int32Array, at: number): void {
  let injuries = 0, fatalities = 0;
  for (let i = s; i < e; i++) {
    injuries += points.injuries[i];
    fatalities += points.fatalities[i];
  }
  stats[at] = injuries;
  stats[at + 1] = fatalities;
  stats[at + 2] = e > s ? points.day[s] : 0x7fffffff; // leaf days ascend
  stats[at + 3] = e > s ? points.day[e - 1] : -1;
}

function combineStats(stats: Int32Array, node: number): void {
  const a = (2 * node + 1) * 4, b = (2 * node + 2) * 4, at = node * 4;
  stats[at] = stats[a] + stats[b];
  stats[at + 1] = stats[a + 1] + stats[b + 1];
  stats[at + 2] = Math.min(stats[a + 2], stats[b + 2]);
  stats[at + 3] = Math.max(stats[a + 3], stats[b + 3]);
}

/** Stable merge of the day-sorted runs order[s..mid) and order[mid..e) into out[s..e). */
function mergeByDay(day: Uint16Array, order: Int32Array, out: Int32Array, s: number, mid: number, e: number): void {
  let i = s, j = mid, k = s;
  while (i < mid && j < e) out[k++] = day[order[j]] < day[order[i]] ? order[j++] : order[i++];
  while (i < mid) out[k++] = order[i++];
  while (j < e) out[k++] = order[j++];
}

function writeList(
  points: PointTimes, sorted: Int32Array, s: number, e: number,
  listDay: Uint16Array, listCum: Int32Array, at: number,
): number {
  let crashes = 0, injuries = 0, fatalities = 0;
  for (let k = s; k < e; k++) {
    const p = sorted[k];
    crashes++;
    injuries += points.injuries[p];
    fatalities += points.fatalities[p];
    // close the entry at the last point of each day
    if (k + 1 === e || points.day[sorted[k + 1]] !== points.day[p]) {
      listDay[at] = points.day[p];
      listCum[at * 3] = crashes;
      listCum[at * 3 + 1] = injuries;
      listCum[at * 3 + 2] = fatalities;
      at++;
    }
  }
  return at;
}
