// Exposure per state, in the spec's shape: integer seconds that sum exactly to the vehicle's
// exposure_seconds (largest remainder), and each state's share of it (decisions.md §7).
import { largestRemainder } from './largest-remainder.ts';

export interface StateExposureEntry<S extends string = string> {
  usstate: S;
  exposure_seconds: number;
  /**
   * exposure_seconds / total exposure, unrounded, so the shares are exactly the ratios of the
   * integers shown and sum to 1 up to floating-point rounding (1e-15).
   */
  share: number;
}

/**
 * @param secondsByState exact driving seconds per state (index = code index)
 * @param totalSeconds the vehicle's integer exposure_seconds
 * @returns entries by exposure, largest first (ties alphabetical); states whose rounded exposure is
 *   0 s are left out (a corner clipped for a fraction of a second says nothing about where the
 *   vehicle drives).
 */
export function stateExposure<S extends string>(
  codes: readonly S[],
  secondsByState: ArrayLike<number>,
  totalSeconds: number,
): StateExposureEntry<S>[] {
  const seconds = largestRemainder(secondsByState, totalSeconds);
  const entries: StateExposureEntry<S>[] = [];
  for (let i = 0; i < codes.length; i++) {
    if (seconds[i] > 0) {
      entries.push({ usstate: codes[i], exposure_seconds: seconds[i], share: seconds[i] / totalSeconds });
    }
  }
  entries.sort(
    (a, b) => b.exposure_seconds - a.exposure_seconds || (a.usstate < b.usstate ? -1 : a.usstate > b.usstate ? 1 : 0),
  );
  return entries;
}
