// Local refinement: a city or regional source with injury crashes (refinement layer) sharpens the
// national (fatal-only) estimate inside its own footprint, without raising the footprint as a whole.
//
// Inside the footprint F of source s, over s's own data window (N_s severity-weighted crashes):
//   n_p       s's crashes within REFINEMENT_RADIUS_KM of p, severity-weighted;
//   π(p)      = λ(p) / mean over F of λ: the national estimate's own pattern inside F;
//   e_p       = N_s · min(1, ρ_p · π(p)): what s would show near p if it followed the national
//               pattern (ρ_p = |disc ∩ F| / |F|);
//   factor(p) = clamp(c · ((n_p + a) / (e_p + a))^CREDIBILITY, 1/BOUND, BOUND), a = PSEUDO_CRASHES
//               crashes of the source's typical severity.
// Where s agrees with the national pattern, or has little to say (n_p, e_p ≪ a), the ratio ≈ 1.
// With CREDIBILITY = 1, λ·ratio ≈ mean_F(λ)·n_p / (N_s·ρ_p): the footprint's national level,
// redistributed as s's crashes are. Injury crashes gather where people live more than fatal ones
// do, so that alone would still raise the footprint's residents; c (window-model.ts) is set so that
// the people-weighted mean of λ·factor over the footprint equals that of λ: a footprint's residents
// as a whole are never raised by having a richer source. The exponent keeps half of the national
// pattern (credibility, judgment); the clamp keeps every refinement within ±50% ("a documented,
// bounded refinement"). A source refines
// only with at least MIN_WINDOW_CRASHES records in its window (the NYC extract's stray rows of
// other years are not a pattern). Places outside every footprint get factor 1.
// Monotone: λ·factor increases with λ (d ln/dλ ≥ (1 - CREDIBILITY)/λ) and with n_p (the cap on
// e_p keeps ρ·π ≤ 1, and n_p ≤ N_s), so more crashes near the point never lower it.
import { haversineKm, KM_PER_DEGREE } from '../geo/distance.ts';
import { cellId, WEIGHT_UNIT, type RefinementLayer } from './crash-layers.ts';
import type { DataWindow } from './data-window.ts';

export const REFINEMENT_RADIUS_KM = 2;
export const CREDIBILITY = 0.5;
export const BOUND = 1.5;
/** Pseudo-crashes of the source's typical severity: a few crashes of evidence before moving. */
export const PSEUDO_CRASHES = 3;
/** Records a source needs in its window to refine (judgment: a city's pattern, not a few rows). */
export const MIN_WINDOW_CRASHES = 1000;

export interface RefinementContext {
  layer: RefinementLayer;
  window: DataWindow;
  /** Severity-weighted crashes of the layer in the window. */
  total: number;
  /** Mean of the national λ over the footprint's cell centres, in the same national window. */
  footprintMeanIntensity: number;
  /** c: keeps the people-weighted mean intensity of the footprint unchanged. */
  scale: number;
}

export interface Refinement {
  source: string;
  factor: number;
  /** Severity-weighted crashes of the source near the point, and the even-spread expectation. */
  local: number;
  expected: number;
}

export function inFootprint(layer: RefinementLayer, lat: number, lon: number): boolean {
  return layer.footprint.cells.has(cellId(lat, lon));
}

/**
 * Severity-weighted crashes of the layer within the radius of the point in the window. One query
 * from the window's first to last day: a layer's years are the years it has records for, so the
 * years between two chosen ones hold no records of it.
 */
export function localWeight(layer: RefinementLayer, window: DataWindow, lat: number, lon: number): number {
  const { from } = window.ranges[0], { to } = window.ranges[window.ranges.length - 1];
  return layer.index.query(lat, lon, REFINEMENT_RADIUS_KM, from, to).injuries * WEIGHT_UNIT;
}

/** Share of the disc around the point that lies in the footprint (a 9 × 9 lattice estimate). */
export function footprintShareOfDisc(layer: RefinementLayer, lat: number, lon: number): number {
  const steps = 9, r = REFINEMENT_RADIUS_KM;
  const dLat = r / KM_PER_DEGREE, dLon = dLat / Math.cos((lat * Math.PI) / 180);
  let inside = 0, covered = 0;
  for (let i = 0; i < steps; i++) {
    for (let j = 0; j < steps; j++) {
      const la = lat + dLat * ((2 * i + 1) / steps - 1), lo = lon + dLon * ((2 * j + 1) / steps - 1);
      if (haversineKm(lat, lon, la, lo) > r) continue;
      inside++;
      if (inFootprint(layer, la, lo)) covered++;
    }
  }
  return inside === 0 ? 0 : covered / inside;
}

export function refine(ctx: RefinementContext, lat: number, lon: number, nationalIntensity: number): Refinement | null {
  const { layer, window, total, footprintMeanIntensity } = ctx;
  if (total <= 0 || !(nationalIntensity > 0) || !(footprintMeanIntensity > 0) || !inFootprint(layer, lat, lon)) return null;
  const discArea = Math.PI * REFINEMENT_RADIUS_KM * REFINEMENT_RADIUS_KM;
  const share = (discArea * footprintShareOfDisc(layer, lat, lon)) / layer.footprint.areaKm2;
  // The cap: one more crash near the point (n_p and N_s both + w) never lowers the ratio, since
  // (n + w + a) / (e + cw + a) ≥ (n + a) / (e + a) when c ≤ 1 and n ≤ N.
  const expected = total * Math.min(1, share * (nationalIntensity / footprintMeanIntensity));
  const local = localWeight(layer, window, lat, lon);
  const a = PSEUDO_CRASHES * layer.typicalWeight;
  const raw = ctx.scale * Math.pow((local + a) / (expected + a), CREDIBILITY);
  return { source: layer.name, factor: Math.min(BOUND, Math.max(1 / BOUND, raw)), local, expected };
}
