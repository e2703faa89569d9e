// Schema migrations, one list for both engines (SQLite embedded, PostgreSQL scale-out), one file
// per migration, applied in name order. Only portable column types are used.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migration as m0001 } from './0001_accounts_keys_usage_jobs.ts';
import { migration as m0002 } from './0002_crash_store.ts';
import { migration as m0003 } from './0003_job_callback_key.ts';
import { migration as m0004 } from './0004_dashboard_sessions.ts';
import { migration as m0005 } from './0005_scale_out.ts';

const migrations: Record<string, Migration> = {
  '0001_accounts_keys_usage_jobs': m0001,
  '0002_crash_store': m0002,
  '0003_job_callback_key': m0003,
  '0004_dashboard_sessions': m0004,
  '0005_scale_out': m0005,
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
