// Counts requests per key, day and endpoint in memory and writes them in batches, so the hot path
// (thousands of requests a second) never waits on a database write. Flushed every few seconds
// and on shutdown; a crash loses at most one interval of counts, never a request.
import type { UsageIncrement, UsageRepository } from '../storage/repositories/usage.ts';
import type { ApiKeysRepository } from '../storage/repositories/api-keys.ts';

export class UsageRecorder {
  private pending = new Map<string, UsageIncrement>();
  private lastUsed = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly usage: UsageRepository,
    private readonly keys: ApiKeysRepository,
    private readonly intervalMs = 2000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => {}), this.intervalMs);
    this.timer.unref();
  }

  record(accountId: string, keyId: string, endpoint: string, at: Date): void {
    this.add({ accountId, keyId, day: at.toISOString().slice(0, 10), endpoint, requests: 1 });
    this.lastUsed.set(keyId, at.toISOString());
  }

  private add(increment: UsageIncrement): void {
    const id = `${increment.keyId}|${increment.day}|${increment.endpoint}`;
    const entry = this.pending.get(id);
    if (entry) entry.requests += increment.requests;
    else this.pending.set(id, { ...increment });
  }

  /** Writes what is counted so far; concurrent calls are serialized. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const increments = [...this.pending.values()];
      const lastUsed = this.lastUsed;
      this.pending = new Map();
      this.lastUsed = new Map();
      try {
        await this.usage.add(increments);
        await this.keys.touchLastUsed(lastUsed);
      } catch (error) {
        // Put the counts back so the next flush retries them.
        for (const i of increments) this.add(i);
        throw error;
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
