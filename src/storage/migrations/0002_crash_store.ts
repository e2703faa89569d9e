import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
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
};
