// Drops GPS jumps while the track is written out, point by point in time order.
// A point whose implied speed from the last kept point exceeds maxPlausibleSpeedMps is held back
// (the jumped-to point is the one dropped, not the one before it). When jumpConfirmPoints
// consecutive held-back points agree with each other, the vehicle really is there (the logger
// resumed far away, or the earlier fix was the bad one): they are kept, and the implausible step is
// later treated as a data gap, never as driving (kinematics.ts). A lone kept fix that nothing agreed
// with (typically a bad first fix) is then dropped as the jump it was.
import { EARTH_RADIUS_M } from './unit-vectors.ts';

const DEG = Math.PI / 180;

export class JumpFilter {
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly tSec: Float64Array;
  kept = 0;
  dropped = 0;
  private runStart = 0; // output index where the current run of mutually plausible points began
  private readonly held: Float64Array; // lat, lon, t of held-back points
  private heldCount = 0;

  constructor(capacity: number, private readonly vMax: number, private readonly confirm: number) {
    this.lat = new Float64Array(capacity);
    this.lon = new Float64Array(capacity);
    this.tSec = new Float64Array(capacity);
    this.held = new Float64Array(3 * Math.max(1, confirm));
  }

  /** Time of the last kept point, or -Infinity. */
  lastTime(): number {
    return this.kept > 0 ? this.tSec[this.kept - 1] : -Infinity;
  }

  offer(la: number, lo: number, t: number): void {
    const k = this.kept - 1;
    if (k < 0 || plausible(this.lat[k], this.lon[k], this.tSec[k], la, lo, t, this.vMax)) {
      this.dropped += this.heldCount;
      this.heldCount = 0;
      this.write(la, lo, t);
      return;
    }
    const h = 3 * (this.heldCount - 1);
    if (this.heldCount > 0 && !plausible(this.held[h], this.held[h + 1], this.held[h + 2], la, lo, t, this.vMax)) {
      this.dropped += this.heldCount;
      this.heldCount = 0;
    }
    const at = 3 * this.heldCount++;
    this.held[at] = la;
    this.held[at + 1] = lo;
    this.held[at + 2] = t;
    if (this.heldCount === Math.max(1, this.confirm)) this.acceptHeld();
  }

  /** Ends the track: points still held back were a jump. */
  finish(): void {
    this.dropped += this.heldCount;
    this.heldCount = 0;
  }

  private acceptHeld(): void {
    if (this.kept - this.runStart === 1) {
      this.kept = this.runStart;
      this.dropped++;
    }
    this.runStart = this.kept;
    for (let j = 0; j < this.heldCount; j++) this.write(this.held[3 * j], this.held[3 * j + 1], this.held[3 * j + 2]);
    this.heldCount = 0;
  }

  private write(la: number, lo: number, t: number): void {
    this.lat[this.kept] = la;
    this.lon[this.kept] = lo;
    this.tSec[this.kept] = t;
    this.kept++;
  }
}

function plausible(la1: number, lo1: number, t1: number, la2: number, lo2: number, t2: number, vMax: number): boolean {
  const dt = t2 - t1;
  return dt > 0 && haversineMeters(la1, lo1, la2, lo2) <= vMax * dt;
}

/**
 * Haversine distance in metres (the WGS84 mean sphere, as decisions.md §6). Local rather than
 * imported: it runs once per point, and imported calls cost an export getter under tsx.
 */
function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const sinDLat = Math.sin(((lat2 - lat1) * DEG) / 2);
  const sinDLon = Math.sin(((lon2 - lon1) * DEG) / 2);
  const h = sinDLat * sinDLat + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * sinDLon * sinDLon;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
