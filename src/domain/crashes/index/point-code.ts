// Crash positions in 6 bytes: latitude and longitude on a grid of 1e-7 degree (about 1 cm), as
// two 3-byte offsets from the smallest grid value in the crash's leaf. The code is lossless, not
// a rounding: a leaf is coded only when every one of its crashes lies exactly on the grid
// (latitude === Math.round(latitude * 1e7) / 1e7, and the same for longitude) and its spread
// fits 3 bytes (2^24 - 1 steps, about 1.67 degrees). Decoding computes (origin + offset) / 1e7,
// the very float64 that was given, so the exact boundary test (haversineKm) sees the stored
// coordinates. Any other leaf keeps its crashes' float64 coordinates as they are ("exact" leaves).
//
// The fast in/out test needs a point's unit vector without four trigonometric calls per point:
// the leaf's origin angles go through Math.sin / Math.cos once per leaf, and the small offset
// angle (at most 0.0293 rad) through angle addition with Taylor polynomials (sin to a^5, error
// below 4e-15; cos to a^6, below 2e-17; search.ts), so the vector is within about 1e-14 of
// writeUnitVector's. The search keeps a margin of 1e-12 on the chord (about 6 mm on the ground)
// and asks haversineKm about the points inside it.

/** Grid steps per degree. */
export const GRID = 1e7;
/** Largest offset in a leaf (3 bytes). */
export const MAX_OFFSET = 0xffffff;
/** leafOrigin's latitude slot for a leaf whose points are stored as float64 (exactLatLon). */
export const EXACT_LEAF = -0x80000000;
/** Radians per grid step. */
export const STEP_RADIANS = Math.PI / 180 / GRID;
/** Chord margin (unit sphere) of the coded-point test: far above the decode's error of a few 1e-16. */
export const POINT_MARGIN = 1e-12;

/** The grid value of a coordinate when the coordinate lies exactly on the grid; otherwise NaN. */
export function gridValue(degrees: number): number {
  const q = Math.round(degrees * GRID);
  return q / GRID === degrees ? q : NaN;
}

/** The coordinate a grid value stands for (exactly the float64 that gridValue was given). */
export function fromGrid(q: number): number {
  return q / GRID;
}

/** Writes `value` (0..MAX_OFFSET) as 3 little-endian bytes. */
export function writeOffset(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value & 0xff;
  bytes[at + 1] = (value >>> 8) & 0xff;
  bytes[at + 2] = value >>> 16;
}

export function readOffset(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
}
