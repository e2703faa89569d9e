// From a relative risk to vehicle_risk_score in [0, 1]: its percentile in a population-weighted
// national reference of location relative risks (reference-sample.ts), so that 0.9 reads "riskier
// than where 90% of Americans live".
//
// The reference is a step function; the score needs to be strictly increasing (a vehicle with a
// higher relative risk never scores lower, and body type or NAICS multipliers always move it), so:
// - each distinct reference value v_j sits at its mid-rank F_j = (weight below + half its own
//   weight) / total, which keeps every F_j strictly inside (0, 1);
// - between distinct values the CDF is interpolated linearly in log relative risk;
// - beyond the smallest and largest values the remaining mass decays exponentially in log relative
//   risk with scale TAIL_SCALE (each further factor e^0.5 ≈ 1.65 leaves 1/e of it), so vehicle
//   relative risks outside the reference (a truck-tractor in the riskiest place) stay below 1 and
//   keep increasing. Tail mass is at most half a reference point's weight (under 1e-5), so the tail
//   shape never shows at 4 decimals; its scale is judgment.
// Scores are rounded to 4 decimals (decisions.md §5), which keeps them non-decreasing.

export const TAIL_SCALE = 0.5;

export class ReferenceDistribution {
  private constructor(
    /** Distinct log relative risks, ascending. */
    private readonly logValues: Float64Array,
    /** Mid-rank cumulative share at each value. */
    private readonly shares: Float64Array,
  ) {}

  /** From relative risks (> 0) with optional weights (default equal). */
  static fromValues(values: ArrayLike<number>, weights?: ArrayLike<number>): ReferenceDistribution {
    const n = values.length;
    const order = Array.from({ length: n }, (_, i) => i).filter((i) => values[i] > 0 && (weights?.[i] ?? 1) > 0);
    if (order.length === 0) throw new RangeError('reference distribution needs at least one positive value');
    order.sort((a, b) => values[a] - values[b]);
    const logs: number[] = [], mass: number[] = [];
    for (const i of order) {
      const v = Math.log(values[i]), w = weights?.[i] ?? 1;
      if (logs.length > 0 && logs[logs.length - 1] === v) mass[mass.length - 1] += w;
      else {
        logs.push(v);
        mass.push(w);
      }
    }
    const total = mass.reduce((s, w) => s + w, 0);
    const shares = new Float64Array(logs.length);
    let below = 0;
    for (let j = 0; j < logs.length; j++) {
      shares[j] = (below + mass[j] / 2) / total;
      below += mass[j];
    }
    return new ReferenceDistribution(Float64Array.from(logs), shares);
  }

  get distinctValues(): number {
    return this.logValues.length;
  }

  /** Share of the reference below the relative risk: in [0, 1], strictly increasing until doubles saturate far in a tail. */
  cdf(relativeRisk: number): number {
    if (!(relativeRisk > 0)) return 0;
    const x = Math.log(relativeRisk);
    const xs = this.logValues, fs = this.shares, last = xs.length - 1;
    if (x <= xs[0]) return fs[0] * Math.exp((x - xs[0]) / TAIL_SCALE);
    if (x >= xs[last]) return 1 - (1 - fs[last]) * Math.exp(-(x - xs[last]) / TAIL_SCALE);
    let lo = 0, hi = last; // xs[lo] < x < xs[hi] once narrowed
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (xs[mid] <= x) lo = mid;
      else hi = mid;
    }
    const t = (x - xs[lo]) / (xs[hi] - xs[lo]);
    return fs[lo] + t * (fs[hi] - fs[lo]);
  }

  /** vehicle_risk_score: the CDF rounded to 4 decimals. */
  scoreOf(relativeRisk: number): number {
    return roundTo4(this.cdf(relativeRisk));
  }

  /** The relative risk at a reference share p in (0, 1) (for documentation and tests). */
  quantile(p: number): number {
    const xs = this.logValues, fs = this.shares;
    if (p <= fs[0]) return Math.exp(xs[0]);
    for (let j = 1; j < xs.length; j++) {
      if (p <= fs[j]) return Math.exp(xs[j - 1] + ((p - fs[j - 1]) / (fs[j] - fs[j - 1])) * (xs[j] - xs[j - 1]));
    }
    return Math.exp(xs[xs.length - 1]);
  }
}

export function roundTo4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
