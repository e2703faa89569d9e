import type { Kysely, Selectable } from 'kysely';
import type { AccountsTable, ApiKeysTable, Database } from '../schema.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;
type AccountRow = Selectable<AccountsTable>;

export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  /**
   * The key with its account, in one round trip: every authenticated request asks this, so one
   * joined query instead of two (key, then account) halves the database work of a request.
   */
  async findWithAccountByHash(keyHash: string): Promise<{ key: ApiKeyRow; account: AccountRow | null } | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .leftJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .selectAll('api_keys')
      .select([
        'accounts.id as account_row_id',
        'accounts.name as account_name',
        'accounts.plan as account_plan',
        'accounts.email as account_email',
        'accounts.password_hash as account_password_hash',
        'accounts.created_at as account_created_at',
      ])
      .where('api_keys.key_hash', '=', keyHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { account_row_id, account_name, account_plan, account_email, account_password_hash, account_created_at, ...key } = row;
    const account = account_row_id === null
      ? null
      : { id: account_row_id, name: account_name!, plan: account_plan!, email: account_email ?? null, password_hash: account_password_hash ?? null, created_at: account_created_at! };
    return { key, account };
  }

  async findById(id: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listByAccount(accountId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Revokes the key if it belongs to the account and is not revoked yet; returns the row after. */
  async revoke(accountId: string, keyId: string, at: string): Promise<ApiKeyRow | undefined> {
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async touchLastUsed(lastUsed: Map<string, string>): Promise<void> {
    for (const [id, at] of lastUsed) {
      await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    }
  }
}
