// `factors` (decisions.md §5, additive): the few contributions that move the score most.
// effect = exp(cᵢ), the multiplicative effect of the feature on the vehicle's expected crash
// frequency relative to the reference vehicle (1.25: 25% more; 0.8: 20% less). "Largest" means
// furthest from 1 in either direction, i.e. largest |cᵢ|.
import type { Contribution, FactorName } from './relative-rate.ts';
import { roundTo4 } from './score-mapping.ts';

export interface Factor {
  name: FactorName;
  value: number | null;
  effect: number;
}

export const FACTOR_COUNT = 3;

export function topFactors(cs: readonly Contribution[], count = FACTOR_COUNT): Factor[] {
  return [...cs]
    .sort((a, b) => Math.abs(b.log) - Math.abs(a.log) || (a.name < b.name ? -1 : 1))
    .slice(0, count)
    .map((c) => ({ name: c.name, value: c.value === null ? null : roundTo4(c.value), effect: roundTo4(Math.exp(c.log)) }));
}
