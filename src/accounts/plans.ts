// Plans and their limits, read from one configuration file (config/plans.json by default).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ENDPOINTS = ['crash-aggregate', 'ca-garaging', 'ppa-garaging', 'ppa-telematics', 'ca-telematics'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];
export const PLAN_NAMES = ['trial', 'standard', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export type Environment = 'production' | 'sandbox';

export interface Plan {
  name: PlanName;
  endpoints: ReadonlySet<Endpoint>;
  requestsPerMinute: number;
  concurrentTelematicsJobs: number;
}

export interface PlanCatalog {
  plans: Record<PlanName, Plan>;
  sandboxRateDivisor: number;
}

export const DEFAULT_PLANS_FILE = fileURLToPath(new URL('../../config/plans.json', import.meta.url));

export class PlanConfigError extends Error {}

function positiveNumber(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new PlanConfigError(`${where} must be a non-negative number`);
  }
  return value;
}

export function parsePlanCatalog(json: unknown): PlanCatalog {
  const root = json as { plans?: Record<string, unknown>; sandboxRateDivisor?: unknown };
  if (!root || typeof root !== 'object' || !root.plans) throw new PlanConfigError('plans file needs a "plans" object');
  const plans = {} as Record<PlanName, Plan>;
  for (const name of PLAN_NAMES) {
    const raw = root.plans[name] as Record<string, unknown> | undefined;
    if (!raw) throw new PlanConfigError(`plan "${name}" is missing`);
    const list = raw.endpoints;
    if (!Array.isArray(list)) throw new PlanConfigError(`plans.${name}.endpoints must be a list`);
    const endpoints = new Set<Endpoint>();
    for (const item of list) {
      if (item === '*') ENDPOINTS.forEach((e) => endpoints.add(e));
      else if ((ENDPOINTS as readonly string[]).includes(item)) endpoints.add(item as Endpoint);
      else throw new PlanConfigError(`plans.${name}.endpoints: unknown endpoint "${String(item)}"`);
    }
    plans[name] = {
      name,
      endpoints,
      requestsPerMinute: positiveNumber(raw.requestsPerMinute, `plans.${name}.requestsPerMinute`),
      concurrentTelematicsJobs: positiveNumber(raw.concurrentTelematicsJobs, `plans.${name}.concurrentTelematicsJobs`),
    };
  }
  const divisor = root.sandboxRateDivisor === undefined ? 10 : positiveNumber(root.sandboxRateDivisor, 'sandboxRateDivisor');
  return { plans, sandboxRateDivisor: Math.max(1, divisor) };
}

export function loadPlanCatalog(path: string = DEFAULT_PLANS_FILE): PlanCatalog {
  return parsePlanCatalog(JSON.parse(readFileSync(path, 'utf8')));
}

/** Requests per minute for one key: a sandbox key gets a tenth of its plan's rate (decisions §4). */
export function keyRateLimit(catalog: PlanCatalog, plan: PlanName, environment: Environment): number {
  const perMinute = catalog.plans[plan].requestsPerMinute;
  return environment === 'sandbox' ? Math.max(1, Math.floor(perMinute / catalog.sandboxRateDivisor)) : perMinute;
}

export function isPlanName(value: string): value is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value);
}
