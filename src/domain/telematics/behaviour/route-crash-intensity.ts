// Crash intensity along the route: the driving-time-weighted mean of the injected crash density.
// The density is looked up once per sampled key interval (at most every sampleEverySec seconds or
// sampleEveryMeters metres; issue: "at most once per ~30 s or per ~500 m to stay fast"), and each
// look-up stands for the driving time until the next key.
import type { ProcessedTrack } from '../trips/process-track.ts';
import { sampleKeys } from '../trips/route-sampling.ts';
import type { TripOptions } from '../trips/trip-options.ts';
import type { BehaviourDeps } from './behaviour-deps.ts';

/** The weighted mean density, or null when there is no driving to weight. */
export function routeCrashIntensity(
  p: ProcessedTrack,
  crashDensityAt: BehaviourDeps['crashDensityAt'],
  sampling: Pick<TripOptions, 'sampleEverySec' | 'sampleEveryMeters'>,
): number | null {
  const { lat, lon } = p.track;
  const { stepSec } = p.kin;
  let weighted = 0;
  let weight = 0;
  for (let i = 0; i < p.trips.count; i++) {
    const end = p.trips.end[i];
    const keys = sampleKeys(p.kin, p.trips.start[i], end, sampling.sampleEverySec, sampling.sampleEveryMeters);
    for (let j = 0; j < keys.length; j++) {
      const from = keys[j];
      const to = j + 1 < keys.length ? keys[j + 1] : end;
      let seconds = 0;
      for (let k = from; k < to; k++) seconds += stepSec[k];
      if (seconds <= 0) continue;
      const density = crashDensityAt((lat[from] + lat[from + 1]) / 2, (lon[from] + lon[from + 1]) / 2);
      weighted += density * seconds;
      weight += seconds;
    }
  }
  return weight > 0 ? weighted / weight : null;
}
