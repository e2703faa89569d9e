// What behaviour figures need from outside the telematics domain, injected so this code and its
// tests stand alone (the lead wires src/domain/geo and the crash index in).

export interface BehaviourDeps {
  /** Offset of local time from UTC at a place and instant, minutes (e.g. -300 for EST). */
  utcOffsetMinutes(lat: number, lon: number, epochMs: number): number;
  /**
   * Crash density around a point, any unit (e.g. severity-weighted crashes per km² per year within a
   * few km), as long as nationalCrashDensity uses the same one.
   */
  crashDensityAt(lat: number, lon: number): number;
}
