// Builds IndexArrays from crash columns: validate, project to unit vectors, partition into the
// k-d tree (leaves sorted by day), lay the points out in tree order, then add the day lists.
import { buildDayLists } from './day-lists.ts';
import { leafDepthFor, nodeSlots, partition, type WorkPoints } from './kd-tree.ts';
import { writeUnitVector } from './sphere.ts';
import type { BuildOptions, CountArray, CrashColumns, IndexArrays } from './types.ts';

/**
 * Defaults measured on the bench's 10 M synthetic crashes (worst median over its cases / memory):
 * lists above 64 points on every other level 152 µs / 1.06 GB; above 256 on every level
 * 247 µs / 1.24 GB; above 1,024 on every level 601 µs / 0.97 GB. Leaves of 32 or 64 points scan
 * more edge points than they save in node visits.
 */
export const DEFAULT_LEAF_SIZE = 16;
export const DEFAULT_LIST_MIN_SIZE = 64;
export const DEFAULT_LIST_LEVEL_STEP = 2;

export function buildIndexArrays(columns: CrashColumns, options: BuildOptions = {}): IndexArrays {
  const leafSize = options.leafSize ?? DEFAULT_LEAF_SIZE;
  const listMinSize = options.listMinSize ?? DEFAULT_LIST_MIN_SIZE;
  const listLevelStep = options.listLevelStep ?? DEFAULT_LIST_LEVEL_STEP;
  if (!Number.isInteger(leafSize) || leafSize < 2) throw new RangeError('leafSize must be an integer >= 2');
  if (!Number.isInteger(listLevelStep) || listLevelStep < 1 || listLevelStep > 2) throw new RangeError('listLevelStep must be 1 or 2');
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
  const laidOut = layOut(columns, work.row);
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

type LaidOut = Pick<IndexArrays, 'dayBase' | 'xyz' | 'latLon' | 'day' | 'injuries' | 'fatalities'>;

/** Copies the columns into tree order, days as offsets from the earliest day. */
function layOut(c: CrashColumns, row: Int32Array): LaidOut {
  const n = row.length;
  let dayBase = Infinity, lastDay = -Infinity;
  for (let i = 0; i < n; i++) {
    dayBase = Math.min(dayBase, c.day[i]);
    lastDay = Math.max(lastDay, c.day[i]);
  }
  if (n === 0) dayBase = lastDay = 0;
  if (lastDay - dayBase > 0xffff) throw new RangeError('crash dates span more than 179 years');
  const out: LaidOut = {
    dayBase,
    xyz: new Float64Array(n * 3),
    latLon: new Float64Array(n * 2),
    day: new Uint16Array(n),
    injuries: narrowCounts(c.injuries, n),
    fatalities: narrowCounts(c.fatalities, n),
  };
  for (let i = 0; i < n; i++) {
    const r = row[i];
    out.latLon[i * 2] = c.latitude[r];
    out.latLon[i * 2 + 1] = c.longitude[r];
    writeUnitVector(c.latitude[r], c.longitude[r], out.xyz, i * 3);
    out.day[i] = c.day[r] - dayBase;
    out.injuries[i] = c.injuries[r];
    out.fatalities[i] = c.fatalities[r];
  }
  return out;
}

/** Most crashes have 0-2 injuries: one byte each unless some value needs more. */
function narrowCounts(values: Int32Array, n: number): CountArray {
  let max = 0;
  for (let i = 0; i < n; i++) if (values[i] > max) max = values[i];
  return max <= 0xff ? new Uint8Array(n) : max <= 0xffff ? new Uint16Array(n) : new Int32Array(n);
}
