// Harsh braking and harsh acceleration from GPS speed: the acceleration of an interval is the
// difference of the smoothed event speeds at its ends over its duration (speed is smoothed before it
// is differenced; see trips/kinematics.ts for the ±1 s window). An event is one contiguous run of intervals beyond the
// threshold, so a single hard stop spread over 4 s counts once. Runs never continue across trips,
// over intervals too long to judge (harshMaxStepSec) or too slow to trust (harshMinSpeedMps).
import type { ProcessedTrack } from '../trips/process-track.ts';
import { STANDARD_GRAVITY, type BehaviourOptions } from './behaviour-options.ts';

export interface HarshEventCounts {
  braking: number;
  acceleration: number;
}

export function countHarshEvents(
  p: ProcessedTrack,
  options: Pick<BehaviourOptions, 'harsh' | 'harshMinSpeedMps' | 'harshMaxStepSec'>,
): HarshEventCounts {
  const { eventSpeed: speed, stepSec } = p.kin;
  const brakeLimit = -options.harsh.brakingG * STANDARD_GRAVITY;
  const accelLimit = options.harsh.accelerationG * STANDARD_GRAVITY;
  let braking = 0;
  let acceleration = 0;
  for (let i = 0; i < p.trips.count; i++) {
    let inBrake = false;
    let inAccel = false;
    for (let k = p.trips.start[i]; k < p.trips.end[i]; k++) {
      const dt = stepSec[k];
      const judged =
        dt > 0 && dt <= options.harshMaxStepSec && Math.max(speed[k], speed[k + 1]) >= options.harshMinSpeedMps;
      const a = judged ? (speed[k + 1] - speed[k]) / dt : 0;
      const brake = judged && a <= brakeLimit;
      const accel = judged && a >= accelLimit;
      if (brake && !inBrake) braking++;
      if (accel && !inAccel) acceleration++;
      inBrake = brake;
      inAccel = accel;
    }
  }
  return { braking, acceleration };
}
