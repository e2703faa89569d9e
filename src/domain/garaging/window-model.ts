// What a data window fixes for every score that uses it: the urbanicity priors of the crash
// intensity, the refinement normalisers, the national mean intensity and the v1 / v2 reference
// distributions. Built from the reference sample with only the window's crashes, so a backtest at
// an effective date sees nothing later, and a score is a percentile among places measured with
// exactly the same data. Built lazily per window and cached (window-models.ts).
import { URBANICITIES } from '../vocabulary.ts';
import { ReferenceDistribution } from './calibration.ts';
import { DEFAULT_KERNEL, discCounts, shrunkIntensity, widestDiscRate, windowCrashDiscs } from './crash-intensity.ts';
import type { DiscSumTree } from './disc-sum-tree.ts';
import { layerCountIn, layerWeightIn } from './crash-layers.ts';
import { dataWindow, type DataWindow } from './data-window.ts';
import type { GaragingInputs } from './inputs.ts';
import { urbanicityOf, urbanicityRank } from './population.ts';
import { MIN_WINDOW_CRASHES, refine, type RefinementContext } from './refinement.ts';
import { URBANICITY_RELATIVITY } from './urbanicity-relativity.ts';

const SCALE_STEPS = 4;

export interface WindowModel {
  window: DataWindow;
  /** The national layer's fatal crashes of the window, and the kernel's disc radii (km). */
  crashDiscs: DiscSumTree;
  kernelRadii: Float64Array;
  /** Mean raw rate of the widest kernel disc per urbanicity class (fatal crashes / km² / year). */
  priors: Float64Array;
  refinements: RefinementContext[];
  /** Population-weighted national mean of the (refined) intensity: v1 relative risk 1.0. */
  meanIntensity: number;
  v1: ReferenceDistribution;
  v2: ReferenceDistribution;
}

/** Refinement layers with enough data in their own window ending on lastDay. */
export function refinementWindows(inputs: GaragingInputs, lastDay: number): { index: number; window: DataWindow }[] {
  const out: { index: number; window: DataWindow }[] = [];
  inputs.refinements.forEach((layer, index) => {
    const window = dataWindow(layer.years, lastDay);
    if (window && layerCountIn(layer, window.ranges) >= MIN_WINDOW_CRASHES) out.push({ index, window });
  });
  return out;
}

export function windowModelKey(inputs: GaragingInputs, window: DataWindow, lastDay: number): string {
  return [window.key, ...refinementWindows(inputs, lastDay).map((r) => `${r.index}:${r.window.key}`)].join('|');
}

export function buildWindowModel(inputs: GaragingInputs, window: DataWindow, lastDay: number): WindowModel {
  const kernel = inputs.kernel ?? DEFAULT_KERNEL;
  const ref = inputs.reference;
  const n = ref.latitude.length;
  const radii = kernel.radiiKm.length;
  const counts = new Float64Array(n * radii);
  const crashDiscs = windowCrashDiscs(inputs.national.fatal, window.ranges);
  const kernelRadii = Float64Array.from(kernel.radiiKm);
  const classSum = new Float64Array(URBANICITIES.length), classCount = new Float64Array(URBANICITIES.length);
  let allSum = 0;
  for (let i = 0; i < n; i++) {
    const c = discCounts(crashDiscs, ref.latitude[i], ref.longitude[i], kernelRadii, counts.subarray(i * radii, (i + 1) * radii));
    const rate = widestDiscRate(c, window.exposureYears, kernel);
    classSum[ref.urbanicity[i]] += rate;
    classCount[ref.urbanicity[i]]++;
    allSum += rate;
  }
  const overall = n > 0 ? allSum / n : 0;
  const priors = classSum.map((s, k) => (classCount[k] > 0 ? s / classCount[k] : overall));
  const intensityAt = (lat: number, lon: number, density: number): number => {
    const c = discCounts(crashDiscs, lat, lon, kernelRadii);
    return shrunkIntensity(c, window.exposureYears, priors[urbanicityRank(urbanicityOf(density))], kernel);
  };
  const refinements = refinementWindows(inputs, lastDay).map(({ index, window: w }): RefinementContext => {
    const layer = inputs.refinements[index];
    const cells = layer.footprint.centres.map((p) => {
      const density = inputs.population.densityAt(p.latitude, p.longitude);
      return { ...p, density, intensity: intensityAt(p.latitude, p.longitude, density) };
    });
    const mean = cells.reduce((s, c) => s + c.intensity, 0) / Math.max(1, cells.length);
    const ctx = { layer, window: w, total: layerWeightIn(layer, w.ranges), footprintMeanIntensity: mean, scale: 1 };
    // c of refinement.ts: people-weighted (density at the cell centre) mean of λ·factor equal to
    // that of λ; a few fixed-point steps because the clamp bends the mean.
    for (let step = 0; step < SCALE_STEPS; step++) {
      let national = 0, refined = 0;
      for (const c of cells) {
        national += c.density * c.intensity;
        refined += c.density * c.intensity * (refine(ctx, c.latitude, c.longitude, c.intensity)?.factor ?? 1);
      }
      if (!(national > 0 && refined > 0)) break;
      ctx.scale *= national / refined;
    }
    return ctx;
  });
  const intensity = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const national = shrunkIntensity(counts.subarray(i * radii, (i + 1) * radii), window.exposureYears, priors[ref.urbanicity[i]], kernel);
    intensity[i] = national * refinementFactor(refinements, ref.latitude[i], ref.longitude[i], national);
    sum += intensity[i];
  }
  const meanIntensity = n > 0 ? sum / n : 1;
  const v1 = new Float64Array(n), v2 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    v1[i] = intensity[i] / meanIntensity;
    v2[i] = v1[i] * URBANICITY_RELATIVITY[URBANICITIES[ref.urbanicity[i]]] * inputs.stateBaseline.relativityOf(ref.state[i]);
  }
  return {
    window, crashDiscs, kernelRadii, priors, refinements, meanIntensity,
    v1: ReferenceDistribution.fromValues(v1),
    v2: ReferenceDistribution.fromValues(v2),
  };
}

/** The first refinement whose footprint holds the point (layers in the order given), else 1. */
export function refinementFactor(refinements: readonly RefinementContext[], lat: number, lon: number, national: number): number {
  for (const ctx of refinements) {
    const r = refine(ctx, lat, lon, national);
    if (r) return r.factor;
  }
  return 1;
}
