// Builds IndexArrays from crash columns: validate, project to unit vectors, partition into the
// k-d tree (leaves sorted by day), lay the points out in tree order as grid codes (or float64 where
// a leaf cannot be coded exactly), then add the day lists.
import { buildDayLists, levelBounds } from './day-lists.ts';
import * as pointCode from './point-code.ts';
import { leafDepthFor, nodeSlots, partition, type WorkPoints } from './kd-tree.ts';
import { writeUnitVector } from './sphere.ts';
import type { BuildOptions, CountArray, CrashColumns, IndexArrays } from './types.ts';

/**
 * Defaults picked with bench/crash-aggregate/tune.ts on the bench's 10 M synthetic crashes (leaf
 * / list min / level step: bytes per crash, worst median over the bench's cases on the shared
 * machine, ±20% noise): 24/600/3: 38.8 B, 181-219 µs; 24/1000/3: 34.2 B, 181-281 µs;
 * 24/2000/3: 29.7 B, 317 µs; 24/300/3: 43.3 B, 217 µs; 24/1000/2: 40.3 B, 178 µs; leaves of 16:
 * 44.2 B, 281 µs (at 10 M, leaves of 20 to 32 all give the same tree: about 19 crashes per leaf).
 * Full bench runs on a quiet machine (load 1-2): 24/1000/3 worst median 215 µs, 24/600/3 185 µs.
 */
export const DEFAULT_LEAF_SIZE = 24;
export const DEFAULT_LIST_MIN_SIZE = 600;
export const DEFAULT_LIST_LEVEL_STEP = 3;

export function buildIndexArrays(columns: CrashColumns, options: BuildOptions = {}): IndexArrays {
  const leafSize = options.leafSize ?? DEFAULT_LEAF_SIZE;
  const listMinSize = options.listMinSize ?? DEFAULT_LIST_MIN_SIZE;
  const listLevelStep = options.listLevelStep ?? DEFAULT_LIST_LEVEL_STEP;
  if (!Number.isInteger(leafSize) || leafSize < 2) throw new RangeError('leafSize must be an integer >= 2');
  if (!Number.isInteger(listLevelStep) || listLevelStep < 1 || listLevelStep > 4) throw new RangeError('listLevelStep must be 1 to 4');
  const size = validate(columns);
  const leafDepth = size === 0 ? 0 : leafDepthFor(size, leafSize);
  // Progress in points: one pass to project, one per tree level, one per day-list level.
  const total = size * (1 + 2 * leafDepth + 1);
  const progress = (done: number): void => options.onProgress?.(Math.min(done, total), total);

  const work = projected(columns);
  progress(size);
  const box = new Float32Array(size === 0 ? 0 : nodeSlots(leafDepth) * 6);
  let placed = 0;
  partition(work, leafDepth, box, (s, e) => {
    sortLeafByDay(work.row, columns.day, s, e);
    placed += e - s;
    if ((placed & 0xfffff) < e - s) progress(size + placed * leafDepth);
  });
  const laidOut = layOut(columns, work.row, leafDepth);
  progress(size * (1 + leafDepth));
  const lists = buildDayLists(laidOut, leafDepth, listMinSize, listLevelStep, (levels) =>
    progress(size * (1 + leafDepth + levels)),
  );
  progress(total);
  return { size, leafDepth, listMinSize, box, ...laidOut, ...lists };
}

/** Checks lengths and values; returns the number of crashes. */
function validate(c: CrashColumns): number {
  const n = c.latitude.length;
  if ([c.longitude, c.day, c.injuries, c.fatalities].some((a) => a.length !== n)) {
    throw new RangeError('crash columns differ in length');
  }
  let injuries = 0, fatalities = 0;
  for (let i = 0; i < n; i++) {
    const lat = c.latitude[i], lon = c.longitude[i];
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) throw new RangeError(`crash ${i}: bad location`);
    if (c.injuries[i] < 0 || c.fatalities[i] < 0) throw new RangeError(`crash ${i}: negative count`);
    injuries += c.injuries[i];
    fatalities += c.fatalities[i];
  }
  // Cumulative sums are stored as int32.
  if (injuries > 0x7fffffff || fatalities > 0x7fffffff) throw new RangeError('counts overflow int32');
  return n;
}

function projected(c: CrashColumns): WorkPoints {
  const n = c.latitude.length;
  const xyz = new Float64Array(3);
  const work = { x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n), row: new Int32Array(n) };
  for (let i = 0; i < n; i++) {
    writeUnitVector(c.latitude[i], c.longitude[i], xyz, 0);
    work.x[i] = xyz[0];
    work.y[i] = xyz[1];
    work.z[i] = xyz[2];
    work.row[i] = i;
  }
  return work;
}

/** Insertion sort of a leaf's rows by day, then by row so that builds are reproducible. */
function sortLeafByDay(row: Int32Array, day: Int32Array, s: number, e: number): void {
  for (let i = s + 1; i < e; i++) {
    const r = row[i];
    let j = i - 1;
    while (j >= s && (day[row[j]] > day[r] || (day[row[j]] === day[r] && row[j] > r))) {
      row[j + 1] = row[j];
      j--;
    }
    row[j + 1] = r;
  }
}

// Plain module bindings: an imported binding may be read through a getter on every use.
const { EXACT_LEAF, MAX_OFFSET, fromGrid, gridValue, writeOffset } = pointCode;

type LaidOut = Pick<IndexArrays, 'dayBase' | 'code' | 'leafOrigin' | 'exactLatLon' | 'day' | 'injuries' | 'fatalities'>;

/**
 * Copies the columns into tree order, days as offsets from the earliest day and positions as
 * leaf-relative grid codes (point-code.ts), or as float64 in leaves that cannot be coded.
 */
function layOut(c: CrashColumns, row: Int32Array, leafDepth: number): LaidOut {
  const n = row.length;
  let dayBase = Infinity, lastDay = -Infinity;
  for (let i = 0; i < n; i++) {
    dayBase = Math.min(dayBase, c.day[i]);
    lastDay = Math.max(lastDay, c.day[i]);
  }
  if (n === 0) dayBase = lastDay = 0;
  if (lastDay - dayBase > 0xffff) throw new RangeError('crash dates span more than 179 years');
  const leaves = n === 0 ? new Int32Array(1) : levelBounds(n, leafDepth)[leafDepth];
  const leafCount = leaves.length - 1;
  const leafOrigin = new Int32Array(n === 0 ? 0 : leafCount * 2);
  // First pass: which leaves can be coded, and how many points the others hold.
  let exactPoints = 0;
  for (let j = 0; j < leafCount; j++) {
    const s = leaves[j], e = leaves[j + 1];
    let lat0 = Infinity, lat1 = -Infinity, lon0 = Infinity, lon1 = -Infinity;
    for (let i = s; i < e; i++) {
      const qLat = gridValue(c.latitude[row[i]]), qLon = gridValue(c.longitude[row[i]]);
      if (Number.isNaN(qLat) || Number.isNaN(qLon)) {
        lat0 = NaN;
        break;
      }
      if (qLat < lat0) lat0 = qLat;
      if (qLat > lat1) lat1 = qLat;
      if (qLon < lon0) lon0 = qLon;
      if (qLon > lon1) lon1 = qLon;
    }
    if (e > s && !Number.isNaN(lat0) && lat1 - lat0 <= MAX_OFFSET && lon1 - lon0 <= MAX_OFFSET) {
      leafOrigin[j * 2] = lat0;
      leafOrigin[j * 2 + 1] = lon0;
    } else {
      leafOrigin[j * 2] = EXACT_LEAF;
      leafOrigin[j * 2 + 1] = exactPoints;
      exactPoints += e - s;
    }
  }
  const out: LaidOut = {
    dayBase,
    code: new Uint8Array(n * 6),
    leafOrigin,
    exactLatLon: new Float64Array(exactPoints * 2),
    day: new Uint16Array(n),
    injuries: narrowCounts(c.injuries, n),
    fatalities: narrowCounts(c.fatalities, n),
  };
  for (let j = 0; j < leafCount; j++) {
    const s = leaves[j], e = leaves[j + 1];
    const oLat = leafOrigin[j * 2], oLon = leafOrigin[j * 2 + 1];
    for (let i = s; i < e; i++) {
      const r = row[i];
      if (oLat === EXACT_LEAF) {
        out.exactLatLon[(oLon + i - s) * 2] = c.latitude[r];
        out.exactLatLon[(oLon + i - s) * 2 + 1] = c.longitude[r];
      } else {
        const qLat = gridValue(c.latitude[r]), qLon = gridValue(c.longitude[r]);
        writeOffset(out.code, i * 6, qLat - oLat);
        writeOffset(out.code, i * 6 + 3, qLon - oLon);
        if (fromGrid(qLat) !== c.latitude[r] || fromGrid(qLon) !== c.longitude[r]) throw new Error('grid code does not round-trip');
      }
      out.day[i] = c.day[r] - dayBase;
      out.injuries[i] = c.injuries[r];
      out.fatalities[i] = c.fatalities[r];
    }
  }
  return out;
}

/** Most crashes have 0-2 injuries: one byte each unless some value needs more. */
function narrowCounts(values: Int32Array, n: number): CountArray {
  let max = 0;
  for (let i = 0; i < n; i++) if (values[i] > max) max = values[i];
  return max <= 0xff ? new Uint8Array(n) : max <= 0xffff ? new Uint16Array(n) : new Int32Array(n);
}
