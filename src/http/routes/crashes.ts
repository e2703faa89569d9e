// POST /v1/crash-data/aggregate: validation here, aggregation in domain/crashes.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.ts';
import { authErrorResponses } from '../schemas/common.ts';
import { CrashAggregateRequest, CrashAggregateResponse } from '../schemas/crashes.ts';
import { notAvailableYet, RequestValidationError, valueErrorItem } from '../errors.ts';
import { datePart } from '../validation/pydantic.ts';

export const crashRoutes =
  (services: Services): FastifyPluginAsync =>
  async (app) => {
    app.post(
      '/v1/crash-data/aggregate',
      {
        config: { access: { endpoint: 'crash-aggregate', usage: 'crash-aggregate' } },
        schema: {
          tags: ['crash data'],
          summary: 'Crashes, injuries and fatalities within a radius of a point over a date range',
          body: CrashAggregateRequest,
          response: { 200: CrashAggregateResponse, ...authErrorResponses },
        },
      },
      async (req) => {
        const body = req.body as CrashAggregateRequest;
        if (datePart(body.start_date) > datePart(body.end_date)) {
          throw new RequestValidationError([
            valueErrorItem(['body'], 'start_date must be on or before end_date', req.body),
          ]);
        }
        if (!services.crashes) throw notAvailableYet('Crash aggregation');
        const result = await services.crashes.aggregate(body);
        if (!result) {
          throw new RequestValidationError([valueErrorItem(['body', 'location'], 'address could not be geocoded', body.location)]);
        }
        return result;
      },
    );
  };
