// Tables the scale-out deployment shares between processes: per-key rate windows, and converted
// uploads stored in chunks so a worker on another machine can read them.
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_windows')
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('requests', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_windows_pk', ['key_id', 'window_start'])
      .execute();
    const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
    await db.schema
      .createTable('upload_chunks')
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('data', bytes, (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_chunks_pk', ['job_id', 'file', 'seq'])
      .execute();
  },
};
