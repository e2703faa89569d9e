// Local crash intensity: severity-weighted crashes per km² per year around a point.
//
// National feature (every place, same data): fatal crashes of the national layer (FARS) in nested
// discs of KERNEL_RADII_KM over the data window. Fatal crashes are rare (a 2 km disc in a suburb
// sees a handful in two years), so each disc's rate is an empirical-Bayes (gamma-Poisson) estimate
// shrunk toward the next wider disc, and the widest toward the mean rate of places of the same
// urbanicity class (window-model.ts):
//     r̂_k = (N_k + α) / (A_k·T + α / r̂_{k+1}),   r̂_K+1 = prior of the urbanicity class,
// a Gamma(α, α/prior) prior with α pseudo-crashes: with many crashes the disc's own rate wins,
// with none it falls back smoothly to its surroundings. The intensity is the kernel blend
//     λ = Σ_k w_k · r̂_k.
// Each r̂_k increases with its own count and with the r̂ outside it, so one more crash anywhere
// within the widest disc never lowers λ.
// Refinement: see refinement.ts.
import type { NationalCrashLayer } from './crash-layers.ts';
import type { DayRange } from './data-window.ts';
import { DiscSumTree, MAX_RADII } from './disc-sum-tree.ts';

export interface KernelParams {
  /** Disc radii, ascending (km). */
  radiiKm: readonly number[];
  /** Blend weights of the discs' shrunk rates; they sum to 1. */
  weights: readonly number[];
  /** α: pseudo-crashes of the prior. */
  priorCrashes: number;
}

/**
 * 2 km: the neighbourhood; 5 km: the part of town a vehicle drives most; 15 km: about a one-way
 * commute (FHWA, NHTS 2017 Summary of Travel Trends: the average commute trip is a little over 10
 * miles). Weights and α were chosen on the 2013 → 2014 split of bench/garaging-backtest (never on
 * 2015, the test year): the blend ties for the best mean Gini over the 2, 5 and 15 km outcomes and
 * more pseudo-crashes help up to about 8 (bench/garaging-backtest/RESULTS.md; the surface is flat,
 * within ±0.002 of the best).
 */
export const DEFAULT_KERNEL: KernelParams = Object.freeze({
  radiiKm: [2, 5, 15],
  weights: [0.3, 0.4, 0.3],
  priorCrashes: 8,
});

/** Smallest prior rate used (crashes per km² per year), so that α / prior stays finite. */
export const MIN_PRIOR_RATE = 1e-7;

/** The national layer's fatal crashes dated within the day ranges, as a disc-sum tree. */
export function windowCrashDiscs(fatal: NationalCrashLayer['fatal'], ranges: readonly DayRange[]): DiscSumTree {
  const picked: number[] = [];
  for (let i = 0; i < fatal.day.length; i++) {
    const day = fatal.day[i];
    if (ranges.some((r) => day >= r.from && day <= r.to)) picked.push(i);
  }
  return DiscSumTree.build(Float64Array.from(picked, (i) => fatal.latitude[i]), Float64Array.from(picked, (i) => fatal.longitude[i]));
}

const unusedSums = new Float64Array(MAX_RADII);

/** Crashes in each disc (cumulative: disc k includes disc k-1) of a window's tree, into `out`. */
export function discCounts(discs: DiscSumTree, lat: number, lon: number, radiiKm: Float64Array, out = new Float64Array(radiiKm.length)): Float64Array {
  discs.discSums(lat, lon, radiiKm, out, unusedSums);
  return out;
}

/** λ from disc counts: crashes per km² per year, shrunk toward `priorRate` (see file comment). */
export function shrunkIntensity(counts: ArrayLike<number>, exposureYears: number, priorRate: number, kernel: KernelParams = DEFAULT_KERNEL): number {
  const { radiiKm, weights, priorCrashes: alpha } = kernel;
  let outer = Math.max(priorRate, MIN_PRIOR_RATE);
  let lambda = 0;
  for (let k = radiiKm.length - 1; k >= 0; k--) {
    const exposure = Math.PI * radiiKm[k] * radiiKm[k] * exposureYears;
    const rate = (counts[k] + alpha) / (exposure + alpha / outer);
    lambda += weights[k] * rate;
    outer = rate;
  }
  return lambda;
}

/** The raw rate of the widest disc (what the urbanicity priors average). */
export function widestDiscRate(counts: ArrayLike<number>, exposureYears: number, kernel: KernelParams = DEFAULT_KERNEL): number {
  const r = kernel.radiiKm[kernel.radiiKm.length - 1];
  return counts[kernel.radiiKm.length - 1] / (Math.PI * r * r * exposureYears);
}
