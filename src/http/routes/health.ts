import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services.ts';

const Health = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  data_version: Type.Union([Type.String(), Type.Null()]),
  storage: Type.String(),
});

export const healthRoutes =
  (services: Services): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/v1/health',
      { schema: { tags: ['operations'], summary: 'Liveness and the loaded crash data version', security: [], response: { 200: Health } } },
      async () => ({
        status: 'ok' as const,
        version: '1.0.0',
        data_version: services.dataVersion(),
        storage: services.store.engine,
      }),
    );
  };
