// When a vehicle gets an error entry instead of a score (decisions.md §7: "too little driving to
// judge"), in plain words. The minimum is model.minimumExposureSeconds of driving (10 minutes) in at
// least model.minimumTrips trip: judgment — below ten minutes, one harsh stop is 6+ events an hour
// and one minute at night a 10% night share, so the figures would be noise, not behaviour.
import type { ProcessedTrack } from '../trips/process-track.ts';
import type { TelematicsModel } from './model-v1.ts';

export function unscorableReason(p: ProcessedTrack, rawPoints: number, model: TelematicsModel): string | null {
  if (p.track.n === 0) {
    return `no usable GPS points: all ${rawPoints} points were invalid, (0,0) placeholders, duplicate timestamps or GPS jumps`;
  }
  if (p.trips.count === 0 && p.tripsOutsideUs > 0) {
    return `no driving inside US states: all ${p.tripsOutsideUs} trips were driven outside the United States`;
  }
  if (p.trips.count < model.minimumTrips || p.exposureSeconds < model.minimumExposureSeconds) {
    const trips = `${p.trips.count} trip${p.trips.count === 1 ? '' : 's'}`;
    return (
      `too little driving to judge: ${p.exposureSeconds} seconds of driving in ${trips}; ` +
      `at least ${model.minimumExposureSeconds} seconds in ${model.minimumTrips} trip are needed`
    );
  }
  return null;
}
