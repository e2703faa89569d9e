// Dashboard sessions: a random 256-bit id in an HttpOnly cookie, stored only as its SHA-256, with
// a CSRF synchronizer token. A session ends after 12 hours without a request or 7 days after
// sign-in, whichever comes first (OWASP Session Management: idle and absolute timeouts).
import { createHash, randomBytes } from 'node:crypto';
import type { SessionsRepository } from '../storage/repositories/sessions.ts';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is rewritten at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface DashboardSession {
  idHash: string;
  accountId: string;
  csrfToken: string;
  expiresAt: string;
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/** 32 random bytes, base64url: cookie-safe and 256 bits. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export class SessionStore {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly now: () => Date,
  ) {}

  /** A new session for a signed-in account; returns the id for the cookie (never stored). */
  async start(accountId: string): Promise<{ id: string; session: DashboardSession }> {
    const now = this.now();
    await this.sessions.deleteExpired(now.toISOString(), new Date(now.getTime() - SESSION_IDLE_MS).toISOString());
    const id = randomToken();
    const row = {
      id_hash: hashSessionId(id),
      account_id: accountId,
      csrf_token: randomToken(),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    };
    await this.sessions.insert(row);
    return { id, session: { idHash: row.id_hash, accountId, csrfToken: row.csrf_token, expiresAt: row.expires_at } };
  }

  /** The live session for a cookie value, or null (unknown, idle too long, or past its end). */
  async resolve(id: string): Promise<DashboardSession | null> {
    const idHash = hashSessionId(id);
    const row = await this.sessions.findByHash(idHash);
    if (!row) return null;
    const now = this.now().getTime();
    const lastSeen = Date.parse(row.last_seen_at);
    if (Date.parse(row.expires_at) <= now || lastSeen + SESSION_IDLE_MS <= now) {
      await this.sessions.delete(idHash);
      return null;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) await this.sessions.touch(idHash, new Date(now).toISOString());
    return { idHash, accountId: row.account_id, csrfToken: row.csrf_token, expiresAt: row.expires_at };
  }

  async end(idHash: string): Promise<void> {
    await this.sessions.delete(idHash);
  }
}
