// Maps every failure to decisions §2's status and FastAPI-shaped body; a 5xx never leaks internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, RequestValidationError } from './errors.ts';

function patternOf(url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

export function installErrorHandling(app: FastifyInstance): void {
  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, pattern: patternOf(route.url) });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) return reply.code(422).send({ detail: error.items });
    if (error instanceof ApiError) return reply.code(error.status).headers(error.headers).send({ detail: error.detail });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ detail: `Request body too large: limit is ${app.initialConfig.bodyLimit} bytes` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: error.message });
    request.log.error({ err: error }, 'unexpected fault');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });

  // FastAPI answers 405 when the path exists under another method, 404 otherwise.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const other = routes.some((r) => r.method !== request.method && r.pattern.test(path));
    if (other) return reply.code(405).send({ detail: 'Method Not Allowed' });
    return reply.code(404).send({ detail: 'Not Found' });
  });
}
