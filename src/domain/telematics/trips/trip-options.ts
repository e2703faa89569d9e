// Defaults of trip processing. Each number says where it comes from; see docs/model-telematics.md.

/** 1 mph in m/s (exact: 1609.344 m / 3600 s). */
export const MPH = 0.44704;

export interface TripOptions {
  /**
   * Implied speed above which a point is a GPS jump, m/s. 70 m/s = 252 km/h = 157 mph: above any
   * road vehicle's legal or usual top speed; the "~70 m/s".
   */
  maxPlausibleSpeedMps: number;
  /**
   * Points to wait before trusting a new position after a jump: when this many consecutive rejected
   * points agree with each other, the track really moved (the earlier fix was the bad one).
   * Judgment: 5 fixes = 5 s at 1 Hz.
   */
  jumpConfirmPoints: number;
  /**
   * Half-width of the centred window over which speed is measured, s. Judgment: ±2 s (a 5-sample
   * window at 1 Hz) keeps a stationary receiver's few-metre jitter well under 5 mph, so parked
   * vehicles do not start trips.
   */
  speedHalfWindowSec: number;
  /**
   * Half-width of the window for the speed that harsh events difference, s. Judgment: ±1 s (3 samples
   * at 1 Hz) keeps the full slope of any speed change lasting 2 s or more (see kinematics.ts).
   */
  accelerationHalfWindowSec: number;
  /** Speed at which the vehicle counts as moving, m/s: the "about 5 mph". */
  movingSpeedMps: number;
  /**
   * Stop that ends a trip, s. 300 s is Traccar's default minimalParkingDuration ("parking for less
   * than five minutes is not detected as a stop", traccar.org/trips-stops); Geotab ends a trip after
   * 200 s of idling. We keep 5 minutes.
   */
  stopEndsTripSec: number;
  /**
   * Gap without data that splits a trip, s: the "about 15 minutes". Traccar's
   * minimalNoDataDuration defaults to 3600 s; we split sooner because a 15-minute silence from a
   * 1 Hz logger is not driving we can measure.
   */
  maxGapSec: number;
  /**
   * A trip shorter than this is GPS drift, not a journey, m. 500 m is Traccar's default
   * minimalTripDistance.
   */
  minTripMeters: number;
  /**
   * Route sampling for per-interval look-ups (state, time zone, crash density): one look-up at least
   * every this many seconds or metres, whichever comes first (issue: "at most once per ~30 s or per
   * ~500 m"). State and time-zone changes between samples are then located by bisection.
   */
  sampleEverySec: number;
  sampleEveryMeters: number;
}

export const DEFAULT_TRIP_OPTIONS: Readonly<TripOptions> = Object.freeze({
  maxPlausibleSpeedMps: 70,
  jumpConfirmPoints: 5,
  speedHalfWindowSec: 2,
  accelerationHalfWindowSec: 1,
  movingSpeedMps: 5 * MPH,
  stopEndsTripSec: 300,
  maxGapSec: 900,
  minTripMeters: 500,
  sampleEverySec: 30,
  sampleEveryMeters: 500,
});
