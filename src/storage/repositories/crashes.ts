// The crash store: normalized records per source, and what each source covers. A source is
// replaced whole in one transaction, so an import is all or nothing and re-importing is idempotent.
import type { Kysely, Selectable } from 'kysely';
import type { CrashesTable, CrashSourcesTable, Database } from '../schema.ts';

export type CrashRow = Selectable<CrashesTable>;
export type CrashSourceRow = Selectable<CrashSourcesTable>;

/** Rows per INSERT: 10 columns × 500 stays far below SQLite's and PostgreSQL's parameter limits. */
const BATCH = 500;
/** Rows per page of rows(): a few MB of row objects. */
const DEFAULT_PAGE = 10_000;

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

  /** Every stored crash in one array (source, source_id order). Prefer rows() for the whole store. */
  async all(): Promise<CrashRow[]> {
    return this.db.selectFrom('crashes').selectAll().orderBy('source').orderBy('source_id').execute();
  }

  /**
   * Every stored crash in (source, source_id) order, as pages of at most pageSize rows: keyset
   * pagination on the primary key, so a reader holds one page of row objects at a time instead of
   * the whole store (hundreds of thousands of rows) at once.
   */
  async *rows(pageSize = DEFAULT_PAGE): AsyncGenerator<CrashRow[]> {
    if (!(pageSize >= 1)) throw new RangeError('pageSize must be at least 1');
    let after: { source: string; source_id: string } | null = null;
    for (;;) {
      const from: { source: string; source_id: string } | null = after;
      let query = this.db.selectFrom('crashes').selectAll();
      if (from) {
        query = query.where((eb) =>
          eb.or([eb('source', '>', from.source), eb.and([eb('source', '=', from.source), eb('source_id', '>', from.source_id)])]),
        );
      }
      const page = await query.orderBy('source').orderBy('source_id').limit(pageSize).execute();
      if (page.length > 0) yield page;
      if (page.length < pageSize) return;
      const last = page[page.length - 1];
      after = { source: last.source, source_id: last.source_id };
    }
  }

  /** Stored crashes per source (sources without any are absent). */
  async countsBySource(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('crashes').select(['source']).select((eb) => eb.fn.countAll().as('n')).groupBy('source').execute();
    return new Map(rows.map((r) => [r.source, Number(r.n)]));
  }
}
