// Accounts and their API keys: creation, authentication by hash lookup, listing, revocation,
// and the operator's bootstrap key (decisions §4). Secrets are returned once and never stored.
import { CallerCache } from './caller-cache.ts';
import { timingSafeEqual } from 'node:crypto';
import type { AccountsRepository, AccountRow } from '../storage/repositories/accounts.ts';
import type { ApiKeysRepository, ApiKeyRow } from '../storage/repositories/api-keys.ts';
import { generateKeySecret, hashKeySecret, keyStart, newId } from './key-secret.ts';
import { isPlanName, type Environment, type PlanName } from './plans.ts';

export type KeyRole = 'admin' | 'standard';
export const KEY_ROLES: readonly KeyRole[] = ['admin', 'standard'];
export const ENVIRONMENTS: readonly Environment[] = ['production', 'sandbox'];

export interface ApiKeyView {
  key_id: string;
  name: string;
  start: string;
  environment: Environment;
  role: KeyRole;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface Caller {
  account: AccountRow & { plan: PlanName };
  key: ApiKeyRow;
  environment: Environment;
  role: KeyRole;
}

export type AuthFailure = 'unknown' | 'revoked' | 'expired';

export class AccountError extends Error {
  constructor(readonly code: 'account_exists' | 'account_not_found' | 'bad_plan' | 'key_not_found', message: string) {
    super(message);
  }
}

export function toKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    key_id: row.id,
    name: row.name,
    start: row.start,
    environment: row.environment as Environment,
    role: row.role as KeyRole,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
  };
}

export class AccountService {
  private readonly callers: CallerCache;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly keys: ApiKeysRepository,
    private readonly now: () => Date = () => new Date(),
    /** The store's externalChangeToken: lets authenticated callers be kept (caller-cache.ts). */
    externalChangeToken: (() => number) | null = null,
  ) {
    this.callers = new CallerCache(externalChangeToken);
  }

  async createAccount(input: { name: string; plan: string; email?: string | null; passwordHash?: string | null }): Promise<AccountRow> {
    if (!isPlanName(input.plan)) throw new AccountError('bad_plan', `unknown plan "${input.plan}"`);
    if (await this.accounts.findByName(input.name)) throw new AccountError('account_exists', `account "${input.name}" exists`);
    const row: AccountRow = {
      id: newId('acct_'),
      name: input.name,
      plan: input.plan,
      email: input.email?.toLowerCase() ?? null,
      password_hash: input.passwordHash ?? null,
      created_at: this.now().toISOString(),
    };
    await this.accounts.insert(row);
    this.callers.invalidate();
    return row;
  }

  async accountByName(name: string): Promise<AccountRow> {
    const account = await this.accounts.findByName(name);
    if (!account) throw new AccountError('account_not_found', `no account named "${name}"`);
    return account;
  }

  /** Gives an existing account (e.g. `bootstrap`) a dashboard sign-in. */
  async setSignIn(name: string, email: string, passwordHash: string): Promise<AccountRow> {
    const account = await this.accountByName(name);
    const other = await this.accounts.findByEmail(email.toLowerCase());
    if (other && other.id !== account.id) throw new AccountError('account_exists', `email ${email} belongs to another account`);
    await this.accounts.setSignIn(account.id, email.toLowerCase(), passwordHash);
    this.callers.invalidate();
    return { ...account, email: email.toLowerCase(), password_hash: passwordHash };
  }

  async createKey(input: {
    accountId: string;
    name: string;
    environment: Environment;
    role: KeyRole;
    expiresAt?: string | null;
    secret?: string;
  }): Promise<ApiKeyView & { api_key: string }> {
    const secret = input.secret ?? generateKeySecret(input.environment);
    const row: ApiKeyRow = {
      id: newId('key_', 12),
      account_id: input.accountId,
      name: input.name,
      key_hash: hashKeySecret(secret),
      start: keyStart(secret),
      environment: input.environment,
      role: input.role,
      created_at: this.now().toISOString(),
      last_used_at: null,
      expires_at: input.expiresAt ?? null,
      revoked_at: null,
    };
    await this.keys.insert(row);
    this.callers.invalidate();
    return { ...toKeyView(row), api_key: secret };
  }

  /** Finds the key by the hash of the presented secret; the hash comparison is constant-time. */
  async authenticate(secret: string): Promise<Caller | AuthFailure> {
    const hash = hashKeySecret(secret);
    const stamp = this.callers.stamp();
    const kept = this.callers.get(hash, stamp);
    if (kept) return this.unexpired(kept);
    const found = await this.keys.findWithAccountByHash(hash);
    const key = found?.key;
    if (!key || !timingSafeEqual(Buffer.from(key.key_hash), Buffer.from(hash))) return 'unknown';
    if (key.revoked_at !== null) return 'revoked';
    const account = found.account;
    if (!account || !isPlanName(account.plan)) return 'unknown';
    const caller: Caller = {
      account: account as Caller['account'],
      key,
      environment: key.environment as Environment,
      role: key.role as KeyRole,
    };
    this.callers.set(hash, caller, stamp);
    return this.unexpired(caller);
  }

  private unexpired(caller: Caller): Caller | 'expired' {
    const expires = caller.key.expires_at;
    return expires !== null && Date.parse(expires) <= this.now().getTime() ? 'expired' : caller;
  }

  async listKeys(accountId: string): Promise<ApiKeyView[]> {
    return (await this.keys.listByAccount(accountId)).map(toKeyView);
  }

  async revokeKey(accountId: string, keyId: string): Promise<ApiKeyView> {
    const row = await this.keys.revoke(accountId, keyId, this.now().toISOString());
    this.callers.invalidate();
    if (!row) throw new AccountError('key_not_found', 'API key not found');
    return toKeyView(row);
  }

  async revokeKeyById(keyId: string): Promise<ApiKeyView> {
    const key = await this.keys.findById(keyId);
    if (!key) throw new AccountError('key_not_found', `no API key ${keyId}`);
    return this.revokeKey(key.account_id, keyId);
  }

  /**
   * Operators' bootstrap (decisions §4): an `enterprise` production account named `bootstrap`
   * with an `admin` key whose secret is exactly the configured value.
   */
  async ensureBootstrap(secret: string): Promise<'created' | 'exists' | 'revoked'> {
    let account = await this.accounts.findByName('bootstrap');
    if (!account) account = await this.createAccount({ name: 'bootstrap', plan: 'enterprise' });
    else if (account.plan !== 'enterprise') {
      await this.accounts.updatePlan(account.id, 'enterprise');
      this.callers.invalidate();
    }
    const existing = await this.keys.findByHash(hashKeySecret(secret));
    if (!existing) {
      await this.createKey({ accountId: account.id, name: 'bootstrap', environment: 'production', role: 'admin', secret });
      return 'created';
    }
    if (existing.account_id !== account.id) throw new Error('ROADRISK_BOOTSTRAP_API_KEY is already a key of another account');
    // A revoked bootstrap key stays revoked: revocation is final, the operator sets a new value.
    return existing.revoked_at === null ? 'exists' : 'revoked';
  }
}
