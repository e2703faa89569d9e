// Checks an account holder's email and password. A wrong password and an unknown email give the
// same answer after the same work (a scrypt run against a stand-in hash), so neither the message
// nor the timing tells which emails have accounts.
import { verifyPassword, hashPassword } from '../accounts/passwords.ts';
import type { AccountRow, AccountsRepository } from '../storage/repositories/accounts.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { randomToken } from './session-store.ts';

/** Longer inputs are refused before hashing: scrypt over megabytes would be a cheap way to load the server. */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_EMAIL_LENGTH = 320;

export type SignInOutcome =
  | { kind: 'signed-in'; account: AccountRow }
  | { kind: 'refused' }
  | { kind: 'throttled'; retryAfterSeconds: number };

let standInHash: Promise<string> | null = null;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class SignIn {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly throttle: SignInThrottle,
  ) {}

  async attempt(rawEmail: string, password: string, clientAddress: string): Promise<SignInOutcome> {
    const email = normalizeEmail(rawEmail);
    const retryAfterSeconds = await this.throttle.retryAfterSeconds(email, clientAddress);
    if (retryAfterSeconds > 0) return { kind: 'throttled', retryAfterSeconds };
    const valid = email.length <= MAX_EMAIL_LENGTH && password.length > 0 && password.length <= MAX_PASSWORD_LENGTH;
    const account = valid ? await this.accounts.findByEmail(email) : undefined;
    standInHash ??= hashPassword(randomToken());
    const matches = valid && (await verifyPassword(password, account?.password_hash ?? (await standInHash)));
    if (!account || !account.password_hash || !matches) {
      await this.throttle.failed(email, clientAddress);
      return { kind: 'refused' };
    }
    await this.throttle.succeeded(email, clientAddress);
    return { kind: 'signed-in', account };
  }
}
