// Limits guessing passwords through the sign-in form: 5 failures for one email from one client
// address in 15 minutes (OWASP Authentication Cheat Sheet: throttle per account and source), and
// 50 failures from one address over any emails, which stops spraying one password over many
// accounts. Failures live in the store, so the limit holds across processes and restarts.
import { createHash } from 'node:crypto';
import type { SessionsRepository } from '../storage/repositories/sessions.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;

interface Keys {
  emailAndAddress: string;
  address: string;
}

/** Hashed, so the table never holds the emails people typed (often someone else's). */
function throttleKeys(email: string, address: string): Keys {
  const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  return { emailAndAddress: hash(`email+address\n${email}\n${address}`), address: hash(`address\n${address}`) };
}

export class SignInThrottle {
  constructor(
    private readonly store: SessionsRepository,
    private readonly now: () => Date,
  ) {}

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  async retryAfterSeconds(email: string, address: string): Promise<number> {
    const keys = throttleKeys(email, address);
    const now = this.now().getTime();
    const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
    let waitMs = 0;
    for (const [key, limit] of [
      [keys.emailAndAddress, MAX_FAILURES_PER_EMAIL_AND_ADDRESS],
      [keys.address, MAX_FAILURES_PER_ADDRESS],
    ] as const) {
      const failures = await this.store.signInFailuresSince(key, since);
      if (failures.length < limit) continue;
      // The limit lifts when the failure that filled it leaves the window.
      const lifting = failures[failures.length - limit];
      waitMs = Math.max(waitMs, Date.parse(lifting) + FAILURE_WINDOW_MS - now);
    }
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  async failed(email: string, address: string): Promise<void> {
    const keys = throttleKeys(email, address);
    const now = this.now();
    await this.store.recordSignInFailure([keys.emailAndAddress, keys.address], now.toISOString());
    await this.store.deleteSignInFailuresBefore(new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString());
  }

  /** A correct password clears that email's failures from that address (not the address-wide count). */
  async succeeded(email: string, address: string): Promise<void> {
    await this.store.clearSignInFailures(throttleKeys(email, address).emailAndAddress);
  }
}
