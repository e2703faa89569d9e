// The shapes a vehicle's GPS track takes on its way through trip processing.
// Columnar typed arrays, not point objects: a 20M-point upload must be processed in seconds on one
// core, and an object per point would cost an allocation and a hidden class each.

/** One vehicle's points as the CSV converter yields them: in file order, possibly unsorted. */
export interface GpsTrack {
  latitude: Float64Array;
  longitude: Float64Array;
  epochMs: Float64Array;
}

/** Why points were left out; reported for transparency, never silently (decisions.md §9 spirit). */
export interface DroppedPoints {
  /** Non-finite coordinates or time (the CSV validator should already have refused these). */
  invalid: number;
  /** Exactly (0, 0): the usual "no fix" placeholder of GPS devices. */
  nullIsland: number;
  /** A second point with the timestamp of an earlier kept point. */
  duplicateTimestamp: number;
  /** The jumped-to point of an implausible jump (see clean-track.ts). */
  jump: number;
}

/** A cleaned track: strictly increasing time, no placeholder or teleport points. */
export interface CleanTrack {
  n: number;
  lat: Float64Array;
  lon: Float64Array;
  /** Seconds since the Unix epoch (UTC); kept as float so sub-second sampling survives. */
  tSec: Float64Array;
  dropped: DroppedPoints;
}
