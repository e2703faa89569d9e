// Telematics model v1: coefficients of the log-linear relative claim-frequency rate, the reference
// vehicle they are measured against, the [0, 1] mapping and the minimum-driving rule.
// Every number is argued, with its source or marked as judgment, in docs/model-telematics.md.

export interface TelematicsModel {
  /** Driving in the local 00:00-04:00 window: rate while doing it, relative to other driving. */
  night: { relativeRate: number; referenceShare: number };
  /** Driving above 75 mph: rate while doing it, relative to other driving. */
  speeding: { relativeRate: number; referenceShare: number };
  /** Log-rate per harsh event per driving hour, up to a cap; reference rate. */
  harshBraking: { betaPerEventHour: number; referencePerHour: number; capPerHour: number };
  harshAcceleration: { betaPerEventHour: number; referencePerHour: number; capPerHour: number };
  /** Elasticity of the rate to the route's crash density relative to the national reference. */
  routeCrash: { elasticity: number; maxRatio: number };
  /** Elasticity of the yearly rate to annualised distance, against a reference distance. */
  mileage: { elasticity: number; referenceAnnualKm: number; maxRatio: number };
  /** σ of the lognormal of relative rates the score is the CDF of (median 1 = reference vehicle). */
  scoreLogSigma: number;
  /** Below this much driving a vehicle is not scored. */
  minimumExposureSeconds: number;
  minimumTrips: number;
  /** Shortest observation window distance is annualised over, days. */
  minimumObservationDays: number;
}

export const TELEMATICS_MODEL_V1: Readonly<TelematicsModel> = Object.freeze({
  // Fatal-crash risk per hour driven at night vs day is 2.83 (Accid Anal Prev 2020;142:105576,
  // Table 2; NHTSA DOT HS 810 637: about 3x per mile). Crashes of all severities rise less than
  // fatal ones at night: 2.0 is our judgment. Reference share 3%: judgment.
  night: { relativeRate: 2.0, referenceShare: 0.03 },
  // 100-Car Study (Klauer et al. 2006, AAA FTS): inappropriate speed, OR 2.9 for a crash or
  // near-crash. Reference share 2%: judgment.
  speeding: { relativeRate: 2.9, referenceShare: 0.02 },
  // Harsh-event rates predict crashes (Simons-Morton et al., AJE 2012: OR 1.07 per unit of
  // elevated-g event rate; 100-Car: aggressive driving OR 2.1). Per-event coefficients, reference
  // rates and caps are judgment: 10 harsh stops an hour ≈ 2.6x.
  harshBraking: { betaPerEventHour: 0.1, referencePerHour: 0.5, capPerHour: 20 },
  harshAcceleration: { betaPerEventHour: 0.05, referencePerHour: 0.5, capPerHour: 20 },
  // Judgment: crash density mixes traffic volume with hazard, so a vehicle's own rate rises less than
  // proportionally with it.
  routeCrash: { elasticity: 0.35, maxRatio: 10 },
  // Claim frequency rises with distance (Lemaire, Park & Wang, ASTIN Bulletin 2016; Boucher &
  // Turcotte, Risks 2020: about linear within a driver); across vehicles we assume less than
  // proportionally: elasticity 0.5 is judgment. Reference: 18,054 km, FHWA Highway Statistics 2009 VM-1M,
  // average km per light-duty vehicle.
  mileage: { elasticity: 0.5, referenceAnnualKm: 18_054, maxRatio: 10 },
  // Judgment: σ = 0.7 (a coefficient of variation of 0.80 for relative rates) maps a rate of 2 to
  // 0.84 and 0.5 to 0.16, spreading realistic vehicles over most of [0, 1].
  scoreLogSigma: 0.7,
  minimumExposureSeconds: 600,
  minimumTrips: 1,
  minimumObservationDays: 1,
});
