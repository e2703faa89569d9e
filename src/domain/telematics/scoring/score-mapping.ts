// From relative rate to vehicle_risk_score in [0, 1]: the score is the CDF, at the vehicle's rate, of
// a lognormal distribution of relative rates with median 1 (the reference vehicle) and log-σ
// scoreLogSigma. Read it as "the share of a reference population of vehicles with a lower expected
// crash frequency". Deterministic, strictly increasing in the rate, 0.5 for the reference vehicle.
// Scores are rounded to 4 decimals (decisions.md §5), which keeps them monotone (non-decreasing).

/**
 * Complementary error function, Numerical Recipes' Chebyshev fit (erfcc; fractional error below
 * 1.2e-7 everywhere), ample for a score shown to 4 decimals.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z - 1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
        t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Standard normal CDF. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

export function roundTo4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

/** vehicle_risk_score for a log relative rate. */
export function scoreFromLogRate(logRate: number, logSigma: number): number {
  return roundTo4(Math.min(1, Math.max(0, normalCdf(logRate / logSigma))));
}
