// Per-key request rate limit: a fixed one-minute window per key. In this process's memory on the
// embedded store (one API process); in the database when several API processes share PostgreSQL.
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (RateLimit-Reset, Retry-After). */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(keyId: string, limitPerMinute: number, nowMs: number): RateDecision | Promise<RateDecision>;
}

const WINDOW_MS = 60_000;

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { windowStart: number; count: number }>();

  hit(keyId: string, limit: number, nowMs: number): RateDecision {
    const windowStart = nowMs - (nowMs % WINDOW_MS);
    let window = this.windows.get(keyId);
    if (!window || window.windowStart !== windowStart) {
      window = { windowStart, count: 0 };
      this.windows.set(keyId, window);
      if (this.windows.size > 100_000) this.evictOld(windowStart);
    }
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - nowMs) / 1000));
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    window.count += 1;
    return { allowed: true, limit, remaining: limit - window.count, resetSeconds };
  }

  private evictOld(currentWindow: number): void {
    for (const [key, w] of this.windows) if (w.windowStart !== currentWindow) this.windows.delete(key);
  }
}
