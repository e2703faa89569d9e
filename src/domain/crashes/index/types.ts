// Shapes shared by the crash index's builder, search, file format and facade.

/** Crashes as parallel columns: one entry per crash. */
export interface CrashColumns {
  latitude: Float64Array;
  longitude: Float64Array;
  /** Days since 1970-01-01 of the crash's local calendar date. */
  day: Int32Array;
  injuries: Int32Array;
  fatalities: Int32Array;
}

export interface CrashTotals {
  crashes: number;
  injuries: number;
  fatalities: number;
}

/** Narrowest array that holds every per-crash injury (or fatality) count of a data set. */
export type CountArray = Uint8Array | Uint16Array | Int32Array;

/**
 * Everything the index holds, as a few large typed arrays so that it saves to one file and loads
 * as views on that file's bytes.
 *
 * The tree is an implicit, balanced binary k-d tree over 3-D unit vectors: node 0 is the root,
 * node k has children 2k+1 and 2k+2, a node's points are a contiguous range of the point arrays
 * (the root holds [0, size), a node [s, e) splits at (s + e) >>> 1), and the nodes at depth
 * `leafDepth` are the leaves. Inside a leaf the points are sorted by day.
 */
export interface IndexArrays {
  size: number;
  leafDepth: number;
  /** Nodes bigger than this have a day list, or children that have one. */
  listMinSize: number;
  /** Stored days are `day - dayBase`, so that they fit 16 bits. */
  dayBase: number;
  /**
   * Per point, 6 bytes: latitude and longitude grid offsets (3 bytes each, little-endian) from
   * the leaf's origin (point-code.ts). Unused (zero) for points of exact leaves.
   */
  code: Uint8Array;
  /**
   * Per leaf, 2 each: the origin's latitude and longitude grid values; or EXACT_LEAF and the
   * position in exactLatLon (in points) of the leaf's first point, for a leaf kept as float64.
   */
  leafOrigin: Int32Array;
  /** Per point of an exact leaf, 2 each: latitude, longitude in degrees as given. */
  exactLatLon: Float64Array;
  day: Uint16Array;
  injuries: CountArray;
  fatalities: CountArray;
  /** Per node, 6 each: x min, x max, y min, y max, z min, z max of its points, rounded outward. */
  box: Float32Array;
  /** Per node, 4 each: total injuries, total fatalities, first day, last day. */
  nodeStats: Int32Array;
  /** Per node, 2 each: start and length of its day list (length 0: the node has none). */
  listRange: Int32Array;
  /** Per day-list entry: a distinct day of the node's points, ascending. */
  listDay: Uint16Array;
  /** Per day-list entry, 3 each: crashes, injuries, fatalities on or before that day. */
  listCum: Int32Array;
}

export interface BuildOptions {
  dataVersion?: string;
  onProgress?: (done: number, total: number) => void;
  /** Most points in a leaf (tuning; see bench/crash-aggregate/RESULTS.md). */
  leafSize?: number;
  /** Smallest node that gets a day list; smaller inside nodes are answered from their points. */
  listMinSize?: number;
  /** Day lists on every n-th level only (1-4, from the lowest listed one up): memory against speed. */
  listLevelStep?: number;
}
