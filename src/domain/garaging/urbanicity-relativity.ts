// Urbanicity relativity (v2): what the fatal-crash intensity misses about where non-fatal losses are.
//
// The national crash feature counts fatal crashes only (FARS), and the mix of severities changes with
// density: per mile driven, rural roads have about 1.7-2 times the fatality rate of urban ones
// (NHTSA Traffic Safety Facts, "Rural/Urban Comparison of Traffic Fatalities": 1.84 vs 1.08 deaths
// per 100 million VMT in 2020; "twice as high" in 2018, DOT HS 812 957), while collision claims
// are more frequent where vehicles are dense (HLDI, IIHS Advisory No. 13, 1993: collision claim
// frequency about 40% higher with 1,000+ cars per square mile than under 50, injury claims about
// 25% higher, claim severity within 5%). Together, non-fatal loss per fatal crash is about
// 1.7 × 1.35 ≈ 2.3 times higher in the densest places than in the sparsest.
// The table spreads that 2.3 evenly on a log scale over the 10 classes (×1.097 per class) and is
// scaled so that its population-weighted mean is 1.00 with the class shares of the 2020 population
// measured by this model (docs/model.md, "Urbanicity"). Judgment beyond those two anchors.
import type { Urbanicity } from '../vocabulary.ts';

export const URBANICITY_RELATIVITY: Readonly<Record<Urbanicity, number>> = Object.freeze({
  'sparse-rural': 0.65,
  rural: 0.72,
  exurban: 0.79,
  'low-density-suburban': 0.86,
  suburban: 0.95,
  'dense-suburban': 1.04,
  urban: 1.14,
  'urban-core': 1.25,
  'dense-urban': 1.37,
  'very-dense-urban': 1.5,
});
