// The per-key rate limit when several API processes share one embedded (SQLite) store: the
// primary process keeps the one-minute windows (MemoryRateLimiter) and each API process asks it
// over the cluster's IPC channel (primary-requests.ts), so a key gets its plan's requests per
// minute in total, whichever process answers. Why not a table as on PostgreSQL: a write per
// request from every process would change SQLite's data_version on every request, which the
// caller cache reads as "keys may have changed" (accounts/caller-cache.ts), and a writer waiting
// on SQLite's lock sleeps the event loop.
import { MemoryRateLimiter, type RateDecision, type RateLimiter } from '../http/rate-limiter.ts';
import { askPrimary } from './primary-requests.ts';

interface RateHit {
  keyId: string;
  limit: number;
  nowMs: number;
}

/** In an API process: asks the primary. */
export class PrimaryRateLimiter implements RateLimiter {
  hit(keyId: string, limit: number, nowMs: number): Promise<RateDecision> {
    return askPrimary<RateDecision>('rate-hit', { keyId, limit, nowMs } satisfies RateHit);
  }
}

/** In the primary: answers every API process from one set of windows. */
export function rateHitAnswer(limiter = new MemoryRateLimiter()): (payload: unknown) => RateDecision {
  return (payload) => {
    const hit = payload as Partial<RateHit> | null;
    if (typeof hit?.keyId !== 'string') throw new Error('a rate hit without a key');
    return limiter.hit(hit.keyId, Number(hit.limit), Number(hit.nowMs));
  };
}
