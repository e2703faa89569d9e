// Dashboard sign-in state: sessions (looked up by the hash of their id) and recent failed
// sign-ins (for the sign-in throttle). The tables are the dashboard's own (migration 0004), so
// they are added to the shared Database type here with Kysely's withTables.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.ts';

export interface DashboardSessionsTable {
  id_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute end of the session, whatever its activity. */
  expires_at: string;
}

export interface DashboardSignInFailuresTable {
  throttle_key: string;
  failed_at: string;
}

export type DashboardSessionRow = Selectable<DashboardSessionsTable>;

type DashboardTables = { dashboard_sessions: DashboardSessionsTable; dashboard_sign_in_failures: DashboardSignInFailuresTable };

export class SessionsRepository {
  private readonly db: Kysely<Database & DashboardTables>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<DashboardTables>();
  }

  async insert(row: DashboardSessionRow): Promise<void> {
    await this.db.insertInto('dashboard_sessions').values(row).execute();
  }

  async findByHash(idHash: string): Promise<DashboardSessionRow | undefined> {
    return this.db.selectFrom('dashboard_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  }

  async touch(idHash: string, at: string): Promise<void> {
    await this.db.updateTable('dashboard_sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom('dashboard_sessions').where('id_hash', '=', idHash).execute();
  }

  /** Removes sessions past their absolute end or idle since before `idleSince`. */
  async deleteExpired(now: string, idleSince: string): Promise<void> {
    await this.db
      .deleteFrom('dashboard_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
      .execute();
  }

  async recordSignInFailure(throttleKeys: string[], at: string): Promise<void> {
    if (throttleKeys.length === 0) return;
    await this.db
      .insertInto('dashboard_sign_in_failures')
      .values(throttleKeys.map((key) => ({ throttle_key: key, failed_at: at })))
      .execute();
  }

  /** Failures under the key since `since`, oldest first (the oldest says when the limit lifts). */
  async signInFailuresSince(throttleKey: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dashboard_sign_in_failures')
      .select('failed_at')
      .where('throttle_key', '=', throttleKey)
      .where('failed_at', '>', since)
      .orderBy('failed_at')
      .execute();
    return rows.map((r) => r.failed_at);
  }

  async clearSignInFailures(throttleKey: string): Promise<void> {
    await this.db.deleteFrom('dashboard_sign_in_failures').where('throttle_key', '=', throttleKey).execute();
  }

  async deleteSignInFailuresBefore(before: string): Promise<void> {
    await this.db.deleteFrom('dashboard_sign_in_failures').where('failed_at', '<=', before).execute();
  }
}
