// SYNTHETIC tracks for tests: made-up drives built segment by segment, 1 point per second unless
// told otherwise. Positions advance on a local flat-earth approximation of the WGS84 mean sphere,
// which is exact enough for the few kilometres these tests drive.
import type { GpsTrack } from '../../../../src/domain/telematics/trips/track.ts';

export const MPH = 0.44704;
const METERS_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

export class SyntheticTrack {
  private lats: number[] = [];
  private lons: number[] = [];
  private times: number[] = [];
  lat: number;
  lon: number;
  tMs: number;

  constructor(start = { lat: 39.0, lon: -98.0, iso: '2024-03-01T08:00:00Z' }) {
    this.lat = start.lat;
    this.lon = start.lon;
    this.tMs = Date.parse(start.iso);
  }

  /** Records the current position and time as a point. */
  point(): this {
    this.lats.push(this.lat);
    this.lons.push(this.lon);
    this.times.push(this.tMs);
    return this;
  }

  /** Drives for `seconds` at a speed profile (mph as a function of elapsed s), heading in degrees. */
  driveProfile(seconds: number, mphAt: (s: number) => number, headingDeg = 90, stepSec = 1): this {
    const h = (headingDeg * Math.PI) / 180;
    for (let s = 0; s < seconds; s += stepSec) {
      // trapezoid: mean speed over the step
      const meters = ((mphAt(s) + mphAt(s + stepSec)) / 2) * MPH * stepSec;
      this.move(meters, h);
      this.tMs += stepSec * 1000;
      this.point();
    }
    return this;
  }

  drive(seconds: number, mph: number, headingDeg = 90, stepSec = 1): this {
    return this.driveProfile(seconds, () => mph, headingDeg, stepSec);
  }

  /**
   * Pulls away, cruises and stops within `seconds`, with gentle 6 s ramps (0.23 g at 30 mph), as a
   * real drive would; an instantaneous 30-0 mph stop is a harsh event.
   */
  journey(seconds: number, mph: number, headingDeg = 90): this {
    const ramp = 6;
    return this.driveProfile(
      seconds,
      (s) => mph * Math.max(0, Math.min(1, s / ramp, (seconds - s) / ramp)),
      headingDeg,
    );
  }

  /** Stands still, logging a point every stepSec, optionally with ±jitterM metres of receiver noise. */
  stop(seconds: number, stepSec = 1, jitterM = 0): this {
    let seed = 12345;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    const baseLat = this.lat;
    const baseLon = this.lon;
    for (let s = 0; s < seconds; s += stepSec) {
      this.tMs += stepSec * 1000;
      this.lat = baseLat + (rand() * jitterM) / METERS_PER_DEGREE;
      this.lon = baseLon + (rand() * jitterM) / (METERS_PER_DEGREE * Math.cos((baseLat * Math.PI) / 180));
      this.point();
    }
    this.lat = baseLat;
    this.lon = baseLon;
    return this;
  }

  /** Time passes without any point (logger off or out of coverage); the vehicle may move meanwhile. */
  gap(seconds: number, moveMeters = 0, headingDeg = 90): this {
    this.move(moveMeters, (headingDeg * Math.PI) / 180);
    this.tMs += seconds * 1000;
    return this;
  }

  /** Inserts a raw point (e.g. a (0,0) placeholder or a teleport) at the current time + offset. */
  raw(lat: number, lon: number, offsetMs: number): this {
    this.lats.push(lat);
    this.lons.push(lon);
    this.times.push(this.tMs + offsetMs);
    return this;
  }

  build(): GpsTrack {
    return {
      latitude: Float64Array.from(this.lats),
      longitude: Float64Array.from(this.lons),
      epochMs: Float64Array.from(this.times),
    };
  }

  get length(): number {
    return this.times.length;
  }

  private move(meters: number, headingRad: number): void {
    this.lat += (meters * Math.cos(headingRad)) / METERS_PER_DEGREE;
    this.lon += (meters * Math.sin(headingRad)) / (METERS_PER_DEGREE * Math.cos((this.lat * Math.PI) / 180));
  }
}

/** SYNTHETIC state lookup: west of lon -97.9 is "KS", east of it "MO"; south of 30° is nowhere. */
export function stateByLongitude(lat: number, lon: number): 'KS' | 'MO' | null {
  if (lat < 30) return null;
  return lon < -97.9 ? 'KS' : 'MO';
}

export const everywhereKansas = (): 'KS' => 'KS';
