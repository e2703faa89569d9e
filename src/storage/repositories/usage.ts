import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export interface UsageIncrement {
  accountId: string;
  keyId: string;
  day: string;
  endpoint: string;
  requests: number;
}

export interface UsageRow {
  key_id: string;
  day: string;
  endpoint: string;
  requests: number;
}

export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(increments: UsageIncrement[]): Promise<void> {
    if (increments.length === 0) return;
    await this.db
      .insertInto('usage_daily')
      .values(
        increments.map((i) => ({ account_id: i.accountId, key_id: i.keyId, day: i.day, endpoint: i.endpoint, requests: i.requests })),
      )
      .onConflict((oc) =>
        oc.columns(['key_id', 'day', 'endpoint']).doUpdateSet({ requests: sql`usage_daily.requests + excluded.requests` }),
      )
      .execute();
  }

  async forAccount(accountId: string, fromDay: string): Promise<UsageRow[]> {
    return this.db
      .selectFrom('usage_daily')
      .select(['key_id', 'day', 'endpoint', 'requests'])
      .where('account_id', '=', accountId)
      .where('day', '>=', fromDay)
      .orderBy('day')
      .orderBy('endpoint')
      .execute();
  }
}
