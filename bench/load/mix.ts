// The mixed load: PPA garaging with 5 vehicles, crash aggregates with a random radius of 1-200 km
// over a random date range within 2013-2015, and status polls of a few queued telematics jobs.
// Each autocannon connection cycles through MIX; every request draws its body from a seeded
// generator and one of many API keys. Latency per kind is measured here (setupRequest runs when
// autocannon sends the request, onResponse when the answer is complete).
import type { AutocannonRequest } from 'autocannon';
import { seededRandom, type Point } from '../garaging-http/bodies.ts';

export type Kind = 'garaging' | 'crash-aggregate' | 'job-status';
/** 40 % garaging, 40 % crash aggregate, 20 % job status. */
export const MIX: Kind[] = ['garaging', 'crash-aggregate', 'job-status', 'garaging', 'crash-aggregate'];

const BODY_TYPES = ['passenger-car', 'sport-utility-vehicle', 'pickup-truck', 'minivan-or-van', null];
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2013, 0, 1) / DAY_MS;
const DAYS = Date.UTC(2015, 11, 31) / DAY_MS - FIRST_DAY + 1;
const isoDay = (day: number) => new Date((FIRST_DAY + day) * DAY_MS).toISOString().slice(0, 10);

export interface MixTarget {
  keys: string[];
  jobIds: string[];
  points: Point[];
  seed: number;
}

export interface KindStats {
  latenciesMs: number[];
  statuses: Record<string, number>;
}

export type MixStats = Record<Kind, KindStats>;

export const emptyStats = (): MixStats => ({
  garaging: { latenciesMs: [], statuses: {} },
  'crash-aggregate': { latenciesMs: [], statuses: {} },
  'job-status': { latenciesMs: [], statuses: {} },
});

export function mixRequests(target: MixTarget, stats: MixStats): AutocannonRequest[] {
  const random = seededRandom(target.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const json = (path: string, body: unknown, key: string): AutocannonRequest => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  const build: Record<Kind, () => AutocannonRequest> = {
    garaging: () =>
      json(
        '/v1/risk-score/ppa-garaging',
        {
          policy_holder_id: `holder-${Math.floor(random() * 1e6)}`,
          vehicles: Array.from({ length: 5 }, (_, v) => {
            const bodyType = pick(BODY_TYPES);
            return { vehicle_id: `v${v}`, garaging_location: { ...pick(target.points) }, ...(bodyType ? { body_type: bodyType } : {}) };
          }),
        },
        pick(target.keys),
      ),
    'crash-aggregate': () => {
      const a = Math.floor(random() * DAYS);
      const b = Math.floor(random() * DAYS);
      return json(
        '/v1/crash-data/aggregate',
        { location: { ...pick(target.points) }, start_date: isoDay(Math.min(a, b)), end_date: isoDay(Math.max(a, b)), radius_km: Math.round((1 + random() * 199) * 10) / 10 },
        pick(target.keys),
      );
    },
    'job-status': () => ({
      method: 'GET',
      path: `/v1/risk-score/ppa-telematics/job/${pick(target.jobIds)}/status`,
      headers: { authorization: `Bearer ${pick(target.keys)}` },
    }),
  };
  return MIX.map((kind) => ({
    setupRequest: (request, context) => {
      context.sentAt = performance.now();
      return { ...request, ...build[kind]() };
    },
    onResponse: (status, _body, context) => {
      const s = stats[kind];
      s.statuses[status] = (s.statuses[status] ?? 0) + 1;
      if (typeof context.sentAt === 'number') s.latenciesMs.push(performance.now() - context.sentAt);
    },
  }));
}
