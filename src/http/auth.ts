// Bearer API keys, plans and per-key rate limits, run as an onRequest hook so that, as in the
// original FastAPI service, 401 comes before 403, and both before any body is read or validated.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../accounts/account-service.ts';
import { keyRateLimit, type Endpoint } from '../accounts/plans.ts';
import type { Services } from '../services.ts';
import { ApiError, invalidApiKey, notAuthenticated } from './errors.ts';

export interface RouteAccess {
  /** The plan endpoint the route belongs to; absent for routes every plan has (API keys). */
  endpoint?: Endpoint;
  /** Name the request is counted under in usage. */
  usage: string;
  /** Key management needs an admin key, except a key revoking itself (checked in the route). */
  role?: 'admin';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

async function authenticate(services: Services, request: FastifyRequest): Promise<Caller> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match) throw notAuthenticated();
  const caller = await services.accounts.authenticate(match[1]);
  if (typeof caller === 'string') throw invalidApiKey();
  return caller;
}

function checkPlan(services: Services, caller: Caller, access: RouteAccess): void {
  const plan = services.plans.plans[caller.account.plan];
  if (access.endpoint && !plan.endpoints.has(access.endpoint)) {
    throw new ApiError('forbidden', `The ${plan.name} plan does not include ${access.endpoint}; ask for a plan that does`);
  }
}

async function applyRateLimit(services: Services, caller: Caller, reply: FastifyReply): Promise<void> {
  const limit = keyRateLimit(services.plans, caller.account.plan, caller.environment);
  const decision = await services.rateLimiter.hit(caller.key.id, limit, services.now().getTime());
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
  reply.headers(headers);
  if (!decision.allowed) {
    throw new ApiError('rate_limited', 'Rate limit exceeded', { ...headers, 'Retry-After': String(decision.resetSeconds) });
  }
}

export function installAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const caller = await authenticate(services, request);
    checkPlan(services, caller, access);
    request.caller = caller;
    await applyRateLimit(services, caller, reply);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (access && request.caller) services.usage.record(request.caller.account.id, request.caller.key.id, access.usage, services.now());
    done();
  });
}

/** The authenticated caller of a route that declared `access` (the hook guarantees it). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route without access config asked for a caller');
  return request.caller;
}

export function requireAdmin(caller: Caller): void {
  if (caller.role !== 'admin') throw new ApiError('forbidden', 'Managing API keys needs a key with role admin');
}
