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
    // decisions §6: start_date after end_date is a value_error, as a pydantic model validator.
    app.bodyRefinements.set('POST /v1/crash-data/aggregate', [
      {
        at: [],
        check: (body) => {
          const { start_date: start, end_date: end } = body as CrashAggregateRequest;
          return datePart(start) > datePart(end) ? [{ message: 'start_date must be on or before end_date' }] : [];
        },
      },
    ]);
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
        if (!services.crashes) throw notAvailableYet('Crash aggregation');
        const result = await services.crashes.aggregate(body);
        if (!result) {
          throw new RequestValidationError([valueErrorItem(['body', 'location'], 'address could not be geocoded', body.location)]);
        }
        return result;
      },
    );
  };
