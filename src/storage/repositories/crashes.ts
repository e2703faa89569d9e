// The crash store: normalized records per source, and what each source covers. A source is
// replaced whole in one transaction, so an import is all or nothing and re-importing is idempotent.
import type { Kysely, Selectable } from 'kysely';
import type { CrashesTable, CrashSourcesTable, Database } from '../schema.ts';

export type CrashRow = Selectable<CrashesTable>;
export type CrashSourceRow = Selectable<CrashSourcesTable>;

/** Rows per INSERT: 10 columns × 500 stays far below SQLite's and PostgreSQL's parameter limits. */
const BATCH = 500;

export class CrashesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async source(name: string): Promise<CrashSourceRow | undefined> {
    return this.db.selectFrom('crash_sources').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async sources(): Promise<CrashSourceRow[]> {
    return this.db.selectFrom('crash_sources').selectAll().orderBy('name').execute();
  }

  async replaceSource(source: CrashSourceRow, crashes: CrashRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('crashes').where('source', '=', source.name).execute();
      await trx.deleteFrom('crash_sources').where('name', '=', source.name).execute();
      for (let i = 0; i < crashes.length; i += BATCH) {
        await trx.insertInto('crashes').values(crashes.slice(i, i + BATCH)).execute();
      }
      await trx.insertInto('crash_sources').values(source).execute();
    });
  }

  async all(): Promise<CrashRow[]> {
    return this.db.selectFrom('crashes').selectAll().orderBy('source').orderBy('source_id').execute();
  }
}
