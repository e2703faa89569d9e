// The spatio-temporal crash index: crashes, injuries and fatalities within a great-circle radius
// and an inclusive range of local dates, equal to a full scan (bruteForceQuery) but touching only
// the points near the circle's edge.
//
// Why hand-written rather than a library (figures: bench/crash-aggregate/RESULTS.md, 10 M
// synthetic crashes on 2 cores): kdbush, a plain typed-array scan and PostGIS (GiST on geography,
// clustered) all have to visit every crash inside the circle, so a 500 km query costs them from
// about a hundred milliseconds to over a second. Counting without visiting needs per-node
// aggregates over time, which none of those provide; this index answers the same queries in
// well under a millisecond.
//
// Design: an implicit k-d tree over 3-D unit vectors, leaves of at most 24 crashes sorted by day
// (kd-tree.ts); every node carries its float32 box, totals and day span, and nodes of more than
// 600 crashes on every third level carry cumulative sums per distinct day (day-lists.ts). Crash
// positions are stored as 3-byte grid offsets from their leaf's origin where that is lossless,
// float64 otherwise (point-code.ts). The query (search.ts) treats the circle as a ball in space: it
// skips boxes wholly outside, answers boxes wholly inside from totals, two binary searches or their
// points' days, and reads points only in leaves on the edge, leaving the last millimetres to
// haversineKm on the stored coordinates so that answers equal bruteForceQuery.
// Bytes per crash and timings: docs/data.md "The crash index", bench/crash-aggregate/RESULTS.md.
import { buildIndexArrays } from './build.ts';
import { deserializeIndex, parseHeader, readWholeFile, saveIndex, serializeIndex, type IndexHeader } from './file-format.ts';
import { searchRings } from './search.ts';
import type { BuildOptions, CrashColumns, CrashTotals, IndexArrays } from './types.ts';

export type { BuildOptions, CrashColumns, CrashTotals } from './types.ts';
export { bruteForceQuery } from './brute-force.ts';
export { FORMAT_VERSION } from './file-format.ts';

export class CrashIndex {
  private readonly arrays: IndexArrays;

  private constructor(arrays: IndexArrays, readonly dataVersion: string) {
    this.arrays = sameShape(arrays);
  }

  static build(columns: CrashColumns, options: BuildOptions = {}): CrashIndex {
    return new CrashIndex(buildIndexArrays(columns, options), options.dataVersion ?? '');
  }

  /** The index viewed in place on `buf`, which must stay unmodified while the index is used. */
  static deserialize(buf: Uint8Array): CrashIndex {
    const { arrays, dataVersion } = deserializeIndex(buf);
    return new CrashIndex(arrays, dataVersion);
  }

  static async load(path: string): Promise<CrashIndex> {
    return CrashIndex.deserialize(await readWholeFile(path));
  }

  /**
   * The header of a saved index without reading its data: lets a start-up decide whether the
   * file is current (same format and data version) before loading or rebuilding it. Throws if
   * the file is not an index of this format version.
   */
  static async readHeader(path: string): Promise<Pick<IndexHeader, 'formatVersion' | 'dataVersion' | 'size'>> {
    const { formatVersion, dataVersion, size } = parseHeader(await readWholeFile(path, 16384));
    return { formatVersion, dataVersion, size };
  }

  serialize(): Uint8Array {
    return serializeIndex(this.arrays, this.dataVersion);
  }

  async save(path: string): Promise<void> {
    await saveIndex(this.arrays, this.dataVersion, path);
  }

  get size(): number {
    return this.arrays.size;
  }

  /** Bytes held in typed arrays (the index's memory, and about its file size). */
  get byteLength(): number {
    const a = this.arrays;
    return [a.code, a.leafOrigin, a.exactLatLon, a.day, a.injuries, a.fatalities, a.box, a.nodeStats, a.listRange, a.listDay, a.listCum]
      .reduce((sum, x) => sum + x.byteLength, 0);
  }

  /** Crashes with distance <= radiusKm and fromDay <= day <= toDay (days since 1970-01-01). */
  query(latitude: number, longitude: number, radiusKm: number, fromDay: number, toDay: number): CrashTotals {
    return this.queryRings(latitude, longitude, [radiusKm], fromDay, toDay)[0];
  }

  /** Totals for several radii around one centre in one walk; results follow the order of radiiKm. */
  queryRings(latitude: number, longitude: number, radiiKm: readonly number[], fromDay: number, toDay: number): CrashTotals[] {
    for (const v of [latitude, longitude, fromDay, toDay, ...radiiKm]) {
      if (!Number.isFinite(v)) throw new RangeError('query arguments must be finite numbers');
    }
    const order = radiiKm.map((_, i) => i).sort((a, b) => radiiKm[a] - radiiKm[b]);
    // A Float64Array whatever the caller passed: small-integer and double arrays have different
    // element kinds, and the search would be deoptimized switching between them.
    const sorted = Float64Array.from(order, (i) => radiiKm[i]);
    const buckets = new Float64Array(3 * (sorted.length + 1));
    searchRings(this.arrays, latitude, longitude, sorted, fromDay, toDay, buckets);
    const out: CrashTotals[] = new Array(radiiKm.length);
    let crashes = 0, injuries = 0, fatalities = 0;
    for (let k = 0; k < sorted.length; k++) {
      crashes += buckets[k * 3];
      injuries += buckets[k * 3 + 1];
      fatalities += buckets[k * 3 + 2];
      out[order[k]] = { crashes, injuries, fatalities };
    }
    return out;
  }
}

/**
 * The arrays in one fixed property order, so that built and loaded indexes share one object shape:
 * otherwise the search sees two shapes, V8 deoptimizes it ("wrong map") and after a few rounds
 * leaves it unoptimized, several times slower (measured: worst bench median 887 µs instead of ~200).
 */
function sameShape(a: IndexArrays): IndexArrays {
  return {
    size: a.size, leafDepth: a.leafDepth, listMinSize: a.listMinSize, dayBase: a.dayBase,
    code: a.code, leafOrigin: a.leafOrigin, exactLatLon: a.exactLatLon, day: a.day,
    injuries: a.injuries, fatalities: a.fatalities, box: a.box, nodeStats: a.nodeStats,
    listRange: a.listRange, listDay: a.listDay, listCum: a.listCum,
  };
}
