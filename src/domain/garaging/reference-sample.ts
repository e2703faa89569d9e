// The population-weighted national reference the score is a percentile in (calibration.ts):
// a systematic probability-proportional-to-size sample of 2020 block-group centres of population.
//
// Why a sample, and this one: every block group (239,780 outside Puerto Rico) would cost about 3 s
// of crash-index queries per data window; 65,536 points cost under 1 s and still put about 5,000
// people behind each point. Systematic PPS (walk the file's order — state, county, tract — and take
// the centre under every (k + ½)·P/n-th person) is deterministic without a random seed and spreads
// the sample over every state and county in proportion to population. A block group of more than
// P/n ≈ 5,100 people can be taken twice, which is its correct weight. Each sampled point then
// weighs the same.
import { stateByFips } from '../geo/us-states.ts';
import { urbanicityOf, urbanicityRank, type BlockGroupCentres, type PopulationIndex } from './population.ts';

export const REFERENCE_SAMPLE_SIZE = 65_536;

export interface ReferencePoints {
  latitude: Float64Array;
  longitude: Float64Array;
  /** USPS code of each point's state (from the block group's STATEFP). */
  state: string[];
  density: Float64Array;
  urbanicity: Uint8Array;
}

/** Indices of the block groups in a systematic PPS sample of size n (with the offset ½). */
export function systematicSample(population: ArrayLike<number>, n: number, offset = 0.5): Int32Array {
  let total = 0;
  for (let i = 0; i < population.length; i++) total += population[i];
  const out = new Int32Array(n);
  if (total <= 0 || n <= 0) return out.subarray(0, 0);
  const step = total / n;
  let next = offset * step, cumulative = 0, k = 0;
  for (let i = 0; i < population.length && k < n; i++) {
    cumulative += population[i];
    while (next < cumulative && k < n) {
      out[k++] = i;
      next += step;
    }
  }
  return out.subarray(0, k);
}

export function referencePoints(
  centres: BlockGroupCentres,
  population: PopulationIndex,
  n = REFERENCE_SAMPLE_SIZE,
  offset = 0.5,
): ReferencePoints {
  const picked = systematicSample(centres.population, n, offset);
  const m = picked.length;
  const out: ReferencePoints = {
    latitude: new Float64Array(m),
    longitude: new Float64Array(m),
    state: new Array<string>(m),
    density: new Float64Array(m),
    urbanicity: new Uint8Array(m),
  };
  for (let k = 0; k < m; k++) {
    const i = picked[k];
    out.latitude[k] = centres.latitude[i];
    out.longitude[k] = centres.longitude[i];
    out.state[k] = stateByFips(centres.stateFips[i]) ?? '';
    out.density[k] = population.densityAt(centres.latitude[i], centres.longitude[i]);
    out.urbanicity[k] = urbanicityRank(urbanicityOf(out.density[k]));
  }
  return out;
}
