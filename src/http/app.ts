// Composes the Fastify app from ready services (no listen: see server.ts).
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Services } from '../services.ts';
import { installAuth } from './auth.ts';
import { installBodyParsers } from './json-body.ts';
import { installErrorHandling } from './error-handler.ts';
import { installRequestValidation } from './request-validation.ts';
import { installMetrics } from './metrics.ts';
import { installResponseSerializer } from './response-serializer.ts';
import { healthRoutes } from './routes/health.ts';
import { garagingRoutes } from './routes/garaging.ts';
import { crashRoutes } from './routes/crashes.ts';
import { telematicsRoutes } from './routes/telematics.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { dashboardRoutes } from '../dashboard/plugin.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** JSON requests are small (50 vehicles are ~10 kB); uploads go through multipart's own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  /** pino level; no logging when absent. */
  logLevel?: string;
  /** Where log lines go (stdout by default). */
  logStream?: { write(line: string): void };
}

/** Structured logs that never carry credentials: no auth headers, URLs without their query. */
function loggerOptions(options: AppOptions): FastifyServerOptions['logger'] {
  if (!options.logLevel) return false;
  return {
    level: options.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, path: req.url.split('?')[0], id: req.id }),
    },
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options),
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Uploads of up to 1 GB can take minutes on an ordinary uplink.
    requestTimeout: 30 * 60 * 1000,
    connectionTimeout: 0,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false },
  });
  // Callback-style hooks (here and for auth usage and metrics): no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'roadrisk',
        version: '1.0.0',
        description: 'Garaging and telematics risk scores and crash statistics (compatible with the v1 risk score API).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(multipart, {
    // One byte over the limit, so the converter (which counts every byte) is the one that says 413.
    limits: { fileSize: services.settings.maxUploadBytes + 1, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  installBodyParsers(app);
  installResponseSerializer(app);
  installRequestValidation(app);
  installErrorHandling(app);
  installAuth(app, services);
  installMetrics(app, services.metrics);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes(services));
  await app.register(garagingRoutes(services));
  await app.register(crashRoutes(services));
  await app.register(telematicsRoutes(services));
  await app.register(apiKeyRoutes(services));
  await app.register(dashboardRoutes(services));
  return app;
}
