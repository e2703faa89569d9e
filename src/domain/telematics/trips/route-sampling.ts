// Per-interval look-ups (US state, UTC offset, crash density) are far too slow to make for every
// one of 20M intervals, and almost always answer the same as for the previous interval. So:
//  1. sampleKeys picks "key" intervals along a trip: the first, then one whenever sampleEverySec
//     seconds or sampleEveryMeters metres have passed since the previous key, and the last;
//  2. fillByBisection looks the value up at the keys only; where two neighbouring keys disagree it
//     bisects the span between them until the interval where the value changes is found.
// The result equals a full per-interval look-up except where the value leaves and comes back within
// one span (a 500 m / 30 s excursion across a border), which we accept.
import type { Kinematics } from './kinematics.ts';

export function sampleKeys(
  kin: Kinematics,
  firstInterval: number,
  endInterval: number,
  everySec: number,
  everyMeters: number,
): number[] {
  const keys: number[] = [];
  if (endInterval <= firstInterval) return keys;
  keys.push(firstInterval);
  let sec = 0;
  let meters = 0;
  for (let k = firstInterval; k < endInterval - 1; k++) {
    sec += kin.stepSec[k];
    meters += kin.stepMeters[k];
    if (sec >= everySec || meters >= everyMeters) {
      keys.push(k + 1);
      sec = 0;
      meters = 0;
    }
  }
  if (keys[keys.length - 1] !== endInterval - 1) keys.push(endInterval - 1);
  return keys;
}

/** Writes valueAt(k) into out[k] for every interval from keys[0] to the last key. */
export function fillByBisection(
  keys: readonly number[],
  valueAt: (interval: number) => number,
  out: Float64Array | Int32Array,
): void {
  if (keys.length === 0) return;
  let ka = keys[0];
  let va = valueAt(ka);
  out[ka] = va;
  for (let j = 1; j < keys.length; j++) {
    const kb = keys[j];
    const vb = valueAt(kb);
    fillSpan(ka, va, kb, vb, valueAt, out);
    ka = kb;
    va = vb;
  }
}

function fillSpan(
  ka: number,
  va: number,
  kb: number,
  vb: number,
  valueAt: (interval: number) => number,
  out: Float64Array | Int32Array,
): void {
  if (va === vb || (Number.isNaN(va) && Number.isNaN(vb))) {
    for (let k = ka; k <= kb; k++) out[k] = va;
    return;
  }
  out[ka] = va;
  out[kb] = vb;
  if (kb - ka <= 1) return;
  const mid = (ka + kb) >>> 1;
  const vm = valueAt(mid);
  fillSpan(ka, va, mid, vm, valueAt, out);
  fillSpan(mid, vm, kb, vb, valueAt, out);
}
