// The garaging models: relative risk of a vehicle kept at a point, and the factors behind it.
//
//   v1:  RR = λ(p) / λ̄                                   local crash intensity only
//   v2:  RR = λ(p) / λ̄ · U(urbanicity) · S(state) · B(body type) · N(NAICS sector)
// λ(p): the crash intensity (crash-intensity.ts) times its local refinement (refinement.ts);
// λ̄: its population-weighted national mean in the same data window (window-model.ts).
// The location part (everything but B and N) is what the reference distribution holds; B and N are
// per-vehicle / per-policy multipliers mapped through the same distribution (calibration.ts).
import type { Urbanicity, VehicleType } from '../vocabulary.ts';
import { bodyTypeRelativity } from './body-type.ts';
import { DEFAULT_KERNEL, discCounts, shrunkIntensity } from './crash-intensity.ts';
import type { GaragingInputs } from './inputs.ts';
import { naicsRelativity } from './naics-relativity.ts';
import { urbanicityOf, urbanicityRank } from './population.ts';
import { refine, type Refinement } from './refinement.ts';
import { URBANICITY_RELATIVITY } from './urbanicity-relativity.ts';
import { MAX_RADII } from './disc-sum-tree.ts';
import type { WindowModel } from './window-model.ts';

export type ModelVersion = 'v1' | 'v2';

export interface LocationAssessment {
  state: string;
  density: number;
  urbanicity: Urbanicity;
  /** National (fatal-crash) intensity before refinement, crashes per km² per year. */
  nationalIntensity: number;
  refinement: Refinement | null;
  /** nationalIntensity × refinement factor. */
  intensity: number;
}

export interface Factor {
  name: string;
  value: number;
  /** Multiplicative effect on the relative risk (1.25: 25% more; 0.8: 20% less). */
  effect: number;
}

export interface VehicleRisk {
  /** The location's relative risk in the version's reference (what the percentile is of). */
  locationRisk: number;
  /** locationRisk times the vehicle's multipliers (v2); equal to locationRisk in v1. */
  vehicleRisk: number;
  /** Every contribution, largest |log effect| first. */
  contributions: Factor[];
}

export interface VehicleTraits {
  bodyType?: VehicleType | null;
  /** NAICS code and the title of its 2-digit sector, when the policy has one (CA). */
  naics?: { code: string; sectorTitle: string } | null;
}

/** Reused disc counts (read at once by shrunkIntensity); a kernel has at most MAX_RADII discs. */
const COUNTS = new Float64Array(MAX_RADII);

export function assessLocation(inputs: GaragingInputs, model: WindowModel, lat: number, lon: number, state: string): LocationAssessment {
  const kernel = inputs.kernel ?? DEFAULT_KERNEL;
  const density = inputs.population.densityAt(lat, lon);
  const urbanicity = urbanicityOf(density);
  const counts = discCounts(model.crashDiscs, lat, lon, model.kernelRadii, COUNTS);
  const nationalIntensity = shrunkIntensity(counts, model.window.exposureYears, model.priors[urbanicityRank(urbanicity)], kernel);
  let refinement: Refinement | null = null;
  for (const ctx of model.refinements) {
    refinement = refine(ctx, lat, lon, nationalIntensity);
    if (refinement) break;
  }
  return { state, density, urbanicity, nationalIntensity, refinement, intensity: nationalIntensity * (refinement?.factor ?? 1) };
}

export function vehicleRisk(
  version: ModelVersion,
  inputs: GaragingInputs,
  model: WindowModel,
  location: LocationAssessment,
  traits: VehicleTraits = {},
): VehicleRisk {
  const parts: Factor[] = [
    { name: 'local crash intensity', value: significant(location.nationalIntensity), effect: location.nationalIntensity / model.meanIntensity },
  ];
  if (location.refinement) {
    parts.push({ name: `local crash data (${location.refinement.source})`, value: significant(location.refinement.local), effect: location.refinement.factor });
  }
  const locationV1 = location.intensity / model.meanIntensity;
  if (version === 'v1') return { locationRisk: locationV1, vehicleRisk: locationV1, contributions: sortFactors(parts) };

  const u = URBANICITY_RELATIVITY[location.urbanicity];
  const s = inputs.stateBaseline.relativityOf(location.state);
  parts.push({ name: `urbanicity: ${location.urbanicity}`, value: Math.round(location.density), effect: u });
  parts.push({ name: `state collision losses: ${location.state}`, value: inputs.stateBaseline.lossesOf(location.state) ?? 0, effect: s });
  const b = bodyTypeRelativity(traits.bodyType);
  if (traits.bodyType != null) parts.push({ name: `body type: ${traits.bodyType}`, value: b, effect: b });
  const nRel = traits.naics ? naicsRelativity(traits.naics.code) : 1;
  if (traits.naics) {
    parts.push({ name: `industry: NAICS ${traits.naics.code.slice(0, 2)} ${traits.naics.sectorTitle}`, value: nRel, effect: nRel });
  }
  const locationRisk = locationV1 * u * s;
  return { locationRisk, vehicleRisk: locationRisk * b * nRel, contributions: sortFactors(parts) };
}

function sortFactors(parts: Factor[]): Factor[] {
  const size = parts.map((p) => ({ p, size: Math.abs(Math.log(p.effect)) }));
  size.sort((a, b) => b.size - a.size || (a.p.name < b.p.name ? -1 : 1));
  return size.map((s) => s.p);
}

/** Four significant digits: intensities run from 1e-4 to 10 crashes per km² per year. */
function significant(x: number): number {
  if (x === 0) return 0;
  const scale = 10 ** (3 - Math.floor(Math.log10(Math.abs(x))));
  return Math.round(x * scale) / scale;
}
