// POST /v1/risk-score/ca-garaging and /ppa-garaging: validation here, scoring in domain/garaging.
import type { FastifyPluginAsync } from 'fastify';
import type { Services, LineOfBusiness } from '../../services.ts';
import { authErrorResponses } from '../schemas/common.ts';
import { CaGaragingRequest, CaGaragingResponse, PpaGaragingRequest, PpaGaragingResponse } from '../schemas/garaging.ts';
import { notAvailableYet, RequestValidationError, valueErrorItem } from '../errors.ts';

function checkNaics(services: Services, code: string | null | undefined): void {
  if (code == null || services.naics.lookup(code)) return;
  throw new RequestValidationError([valueErrorItem(['body', 'naics_code'], 'Unknown NAICS code', code)]);
}

export const garagingRoutes =
  (services: Services): FastifyPluginAsync =>
  async (app) => {
    const lines: { line: LineOfBusiness; request: typeof CaGaragingRequest | typeof PpaGaragingRequest; response: typeof CaGaragingResponse }[] = [
      { line: 'ca', request: CaGaragingRequest, response: CaGaragingResponse },
      { line: 'ppa', request: PpaGaragingRequest, response: PpaGaragingResponse },
    ];
    for (const { line, request, response } of lines) {
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
          checkNaics(services, body.naics_code);
          if (!services.garaging) throw notAvailableYet('Garaging scoring');
          return services.garaging.score(line, body);
        },
      );
    }
  };
