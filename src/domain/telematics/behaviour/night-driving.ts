// Driving seconds that fall in the night window of the local clock where they are driven.
// The UTC offset is looked up at sampled intervals and bisected where it changes (time-zone border
// or DST switch), like the state: see trips/route-sampling.ts.
import type { ProcessedTrack } from '../trips/process-track.ts';
import { fillByBisection, sampleKeys } from '../trips/route-sampling.ts';
import type { TripOptions } from '../trips/trip-options.ts';
import type { BehaviourDeps } from './behaviour-deps.ts';
import type { BehaviourOptions } from './behaviour-options.ts';
import { secondsInDailyWindow } from './night-window.ts';

export function nightDrivingSeconds(
  p: ProcessedTrack,
  utcOffsetMinutes: BehaviourDeps['utcOffsetMinutes'],
  options: Pick<BehaviourOptions, 'nightStartHour' | 'nightEndHour'>,
  sampling: Pick<TripOptions, 'sampleEverySec' | 'sampleEveryMeters'>,
): number {
  const { lat, lon, tSec } = p.track;
  const offsetMin = new Float64Array(p.kin.stepSec.length);
  const valueAt = (k: number): number =>
    utcOffsetMinutes((lat[k] + lat[k + 1]) / 2, (lon[k] + lon[k + 1]) / 2, ((tSec[k] + tSec[k + 1]) / 2) * 1000);
  let night = 0;
  for (let i = 0; i < p.trips.count; i++) {
    const first = p.trips.start[i];
    const end = p.trips.end[i];
    fillByBisection(sampleKeys(p.kin, first, end, sampling.sampleEverySec, sampling.sampleEveryMeters), valueAt, offsetMin);
    for (let k = first; k < end; k++) {
      night += secondsInDailyWindow(tSec[k] + offsetMin[k] * 60, p.kin.stepSec[k], options.nightStartHour, options.nightEndHour);
    }
  }
  return night;
}
