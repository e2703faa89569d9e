// Schema migrations, one list for both engines (SQLite embedded, PostgreSQL scale-out).
// Only portable column types are used: text, integer, bigint.
import { Kysely, Migrator, sql, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_accounts_keys_usage_jobs': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('start', 'text', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
      await db.schema
        .createTable('usage_daily')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('requests', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_daily_pk', ['key_id', 'day', 'endpoint'])
        .execute();
      await db.schema.createIndex('usage_daily_account_day').on('usage_daily').columns(['account_id', 'day']).execute();
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('job_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error_message', 'text')
        .addColumn('policy_holder_id', 'text', (c) => c.notNull())
        .addColumn('naics_code', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('callback_url', 'text')
        .addColumn('upload_dir', 'text')
        .addColumn('max_running', 'integer', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('result_json', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('expires_at', 'text')
        .execute();
      await db.schema.createIndex('jobs_status_created').on('jobs').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('jobs_account').on('jobs').columns(['account_id', 'created_at']).execute();
      await sql`select 1`.execute(db);
    },
  },
  '0002_crash_store': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('crash_sources')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('severities', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('coverage', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('report', 'text', (c) => c.notNull())
        .addColumn('imported_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('crashes')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text', (c) => c.notNull())
        .addColumn('crash_date', 'text', (c) => c.notNull())
        .addColumn('crash_time', 'text')
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('injuries', 'integer', (c) => c.notNull())
        .addColumn('fatalities', 'integer', (c) => c.notNull())
        .addColumn('severity', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('crashes_pk', ['source', 'source_id'])
        .execute();
    },
  },
  '0003_job_callback_key': {
    async up(db: Kysely<any>) {
      // HMAC key for the job's callback signature: the SHA-256 of the API key that queued it.
      await db.schema.alterTable('jobs').addColumn('callback_key', 'text').execute();
    },
  },
};

class InCodeMigrations implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrations() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
