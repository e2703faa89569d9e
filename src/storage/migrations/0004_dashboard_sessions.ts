import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    // Dashboard sign-in sessions: only the SHA-256 of the session id is stored, so a copy of the
    // database cannot be replayed as a cookie.
    await db.schema
      .createTable('dashboard_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('dashboard_sessions_expires').on('dashboard_sessions').column('expires_at').execute();
    // Failed sign-ins, kept in the store (not in memory) so the limit holds across API processes.
    // `throttle_key` is a hash of the email and client address, never the email itself.
    await db.schema
      .createTable('dashboard_sign_in_failures')
      .addColumn('throttle_key', 'text', (c) => c.notNull())
      .addColumn('failed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('dashboard_sign_in_failures_key')
      .on('dashboard_sign_in_failures')
      .columns(['throttle_key', 'failed_at'])
      .execute();
  },
};
