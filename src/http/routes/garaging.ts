// POST /v1/risk-score/ca-garaging and /ppa-garaging: validation here, scoring in domain/garaging.
import type { FastifyPluginAsync } from 'fastify';
import type { Services, LineOfBusiness } from '../../services.ts';
import { authErrorResponses } from '../schemas/common.ts';
import { CaGaragingRequest, CaGaragingResponse, PpaGaragingRequest, PpaGaragingResponse } from '../schemas/garaging.ts';
import { notAvailableYet } from '../errors.ts';
import type { Refinement } from '../validation/pydantic.ts';

/** decisions §5: a NAICS code must be a code of NAICS 2022. */
function naicsRefinement(services: Services): Refinement {
  return {
    at: ['naics_code'],
    check: (code) => (typeof code === 'string' && !services.naics.lookup(code) ? [{ message: 'Unknown NAICS code' }] : []),
  };
}

export const garagingRoutes =
  (services: Services): FastifyPluginAsync =>
  async (app) => {
    const lines: { line: LineOfBusiness; request: typeof CaGaragingRequest | typeof PpaGaragingRequest; response: typeof CaGaragingResponse }[] = [
      { line: 'ca', request: CaGaragingRequest, response: CaGaragingResponse },
      { line: 'ppa', request: PpaGaragingRequest, response: PpaGaragingResponse },
    ];
    for (const { line, request, response } of lines) {
      if (line === 'ca') app.bodyRefinements.set(`POST /v1/risk-score/${line}-garaging`, [naicsRefinement(services)]);
      app.post(
        `/v1/risk-score/${line}-garaging`,
        {
          config: { access: { endpoint: `${line}-garaging`, usage: `${line}-garaging` } },
          schema: {
            tags: ['garaging'],
            summary: `${line.toUpperCase()} garaging risk scores for 1 to 50 vehicles`,
            body: request,
            response: { 200: response, ...authErrorResponses },
          },
        },
        async (req) => {
          const body = req.body as CaGaragingRequest;
          if (!services.garaging) throw notAvailableYet('Garaging scoring');
          return services.garaging.score(line, body);
        },
      );
    }
  };
