// The per-key rate limit when several API processes share one embedded (SQLite) store: the
// primary process keeps the one-minute windows (MemoryRateLimiter) and each API process asks it
// over the cluster's IPC channel, so a key gets its plan's requests per minute in total, whichever
// process answers. Why not a table as on PostgreSQL: a write per request from every process would
// change SQLite's data_version on every request, which the caller cache reads as "keys may have
// changed" (accounts/caller-cache.ts), and a writer waiting on SQLite's lock sleeps the event loop.
import type { Worker } from 'node:cluster';
import { MemoryRateLimiter, type RateDecision, type RateLimiter } from '../http/rate-limiter.ts';

interface HitMessage {
  roadrisk: 'rate-hit';
  id: number;
  keyId: string;
  limit: number;
  nowMs: number;
}

interface DecisionMessage {
  roadrisk: 'rate-decision';
  id: number;
  decision: RateDecision;
}

/** In an API process: asks the primary. */
export class PrimaryRateLimiter implements RateLimiter {
  private nextId = 0;
  private readonly pending = new Map<number, (decision: RateDecision) => void>();

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on('message', (message: unknown) => {
      const m = message as Partial<DecisionMessage> | null;
      if (m?.roadrisk !== 'rate-decision' || typeof m.id !== 'number') return;
      const resolve = this.pending.get(m.id);
      this.pending.delete(m.id);
      resolve?.(m.decision!);
    });
  }

  hit(keyId: string, limit: number, nowMs: number): Promise<RateDecision> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, resolve);
      const message: HitMessage = { roadrisk: 'rate-hit', id, keyId, limit, nowMs };
      this.channel.send!(message, undefined, {}, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(error);
      });
    });
  }
}

/** In the primary: answers every API process from one set of windows. */
export function serveRateLimits(limiter = new MemoryRateLimiter()): (worker: Worker, message: unknown) => void {
  return (worker, message) => {
    const m = message as Partial<HitMessage> | null;
    if (m?.roadrisk !== 'rate-hit' || typeof m.id !== 'number' || typeof m.keyId !== 'string') return;
    const decision = limiter.hit(m.keyId, Number(m.limit), Number(m.nowMs));
    if (worker.isConnected()) worker.send({ roadrisk: 'rate-decision', id: m.id, decision } satisfies DecisionMessage);
  };
}
