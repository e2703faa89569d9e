// The shared rate limiter for several API processes: one row per key and minute, incremented
// atomically (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so every process sees one count.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { RateDecision, RateLimiter } from '../../http/rate-limiter.ts';

const WINDOW_MS = 60_000;

export class DatabaseRateLimiter implements RateLimiter {
  private lastWindow = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(keyId: string, limit: number, nowMs: number): Promise<RateDecision> {
    const windowStart = nowMs - (nowMs % WINDOW_MS);
    if (windowStart !== this.lastWindow) {
      this.lastWindow = windowStart;
      // Old windows are never read again; whichever process enters a new minute first drops them.
      await this.db.deleteFrom('rate_windows').where('window_start', '<', windowStart - WINDOW_MS).execute();
    }
    const row = await this.db
      .insertInto('rate_windows')
      .values({ key_id: keyId, window_start: windowStart, requests: 1 })
      .onConflict((oc) => oc.columns(['key_id', 'window_start']).doUpdateSet({ requests: sql`rate_windows.requests + 1` }))
      .returning('requests')
      .executeTakeFirstOrThrow();
    const requests = Number(row.requests);
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - nowMs) / 1000));
    return { allowed: requests <= limit, limit, remaining: Math.max(0, limit - requests), resetSeconds };
  }
}
