// A garaging answer of the shape roadrisk returns (schemas/garaging.ts), without computing
// anything: what the bare servers send back, one item per vehicle, with the same fields.
import type { GaragingBody } from './bodies.ts';

export function cannedAnswer(line: 'ca' | 'ppa', body: GaragingBody) {
  const effectiveDate = new Date().toISOString();
  const naics = line === 'ca' && body.naics_code ? { code: body.naics_code, description: 'General Freight Trucking, Local' } : undefined;
  return {
    job_type: `${line}-garaging-risk-score`,
    version: 'v2',
    policy_holder_id: body.policy_holder_id,
    vehicle_risk_scores: body.vehicles.map((vehicle, i) => ({
      vehicle_id: vehicle.vehicle_id,
      vehicle_risk_score: 0.4321,
      metadata: {
        effective_date: effectiveDate,
        garaging_location: { ...vehicle.garaging_location, usstate: 'CA', urbanicity: 'urban-core' },
        coverage: [{ usstate: 'CA', years: [2013, 2014, 2015] }],
        ...(naics ? { naics_code: naics } : {}),
        factors: [
          { name: 'local crash intensity', value: 0.2947 + i / 1000, effect: 5.1993 },
          { name: 'urbanicity: urban-core', value: 5969, effect: 1.25 },
          { name: 'body type: passenger-car', value: 1, effect: 1 },
        ],
      },
    })),
    errors: null,
    aggregated_risk_score: 0.4321,
  };
}
