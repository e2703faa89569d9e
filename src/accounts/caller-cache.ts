// Every API request authenticates its key; reading the key and its account from the database was
// about a tenth of the server's CPU on small requests (bench/garaging-http profile). A process
// keeps the callers it has read, and trusts them only while nothing could have changed them:
// - its own writes to keys and accounts (create, revoke, plan, sign-in) clear everything, and
// - on SQLite, any commit by another connection (a CLI `keys revoke`, a second server, a
//   standalone worker) changes `PRAGMA data_version`, and an entry read under another version is
//   not used.
// So a revocation is still seen by the very next request. On PostgreSQL there is no such cheap
// signal across servers, so nothing is kept there and every request reads the database.
// Expiry is time-based and is checked on every use by the caller of this cache.
import type { Caller } from './account-service.ts';

/** Most keys kept; the map is emptied when it is full (a simple bound, no recency needed). */
export const CALLER_CACHE_SIZE = 10_000;

export interface CacheStamp {
  version: number;
  generation: number;
}

export class CallerCache {
  private readonly entries = new Map<string, { caller: Caller; stamp: CacheStamp }>();
  private generation = 0;

  constructor(private readonly externalChangeToken: (() => number) | null, private readonly capacity = CALLER_CACHE_SIZE) {}

  /** Read before the database is: the stamp a fresh read will be kept under (null: keep nothing). */
  stamp(): CacheStamp | null {
    return this.externalChangeToken ? { version: this.externalChangeToken(), generation: this.generation } : null;
  }

  get(keyHash: string, now: CacheStamp | null): Caller | undefined {
    if (!now) return undefined;
    const hit = this.entries.get(keyHash);
    return hit && hit.stamp.version === now.version && hit.stamp.generation === now.generation ? hit.caller : undefined;
  }

  set(keyHash: string, caller: Caller, readUnder: CacheStamp | null): void {
    if (!readUnder || readUnder.generation !== this.generation) return;
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(keyHash, { caller, stamp: readUnder });
  }

  /** This process changed keys or accounts. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
