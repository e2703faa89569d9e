// Opens the store: SQLite (better-sqlite3) in the data dir by default, PostgreSQL when
// ROADRISK_DATABASE_URL is set. Repositories see only Kysely<Database>.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrations/index.ts';
import { withStatementCache } from './statement-cache.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  /** Runs `task` before the database closes (e.g. stopping the job queue that uses it). */
  onClose(task: () => Promise<void>): void;
  close(): Promise<void>;
  /**
   * SQLite only (null on PostgreSQL): a number that changes whenever another connection (another
   * process: a CLI command, a standalone worker, a second server) has committed since it was last
   * read. Lets a process keep what it read until someone else writes (accounts/caller-cache.ts).
   */
  externalChangeToken: (() => number) | null;
}

export interface StoreOptions {
  databaseUrl: string | null;
  /** Folder for the SQLite file; ':memory:' for a private in-memory database (tests). */
  dataDir: string;
}

function openSqlite(dataDir: string): { db: Kysely<Database>; externalChangeToken: () => number } {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'roadrisk.sqlite');
  }
  const connection = new SQLite(file);
  // WAL lets the API read while a worker writes; busy_timeout rides out short write locks
  // between the server and a standalone `roadrisk worker` process.
  connection.pragma('journal_mode = WAL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = NORMAL');
  const dataVersion = connection.prepare('PRAGMA data_version').pluck();
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) }),
    externalChangeToken: () => dataVersion.get() as number,
  };
}

function openPostgres(url: string): Kysely<Database> {
  // bigint (int8) columns come back as JS numbers: usage counters stay far below 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (restart, failover, admin command) is an 'error' event
  // on the pool; without a listener it would end the process. The pool opens a new one when needed.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const engine: Engine = options.databaseUrl ? 'postgres' : 'sqlite';
  const { db, externalChangeToken } = options.databaseUrl
    ? { db: openPostgres(options.databaseUrl), externalChangeToken: null }
    : openSqlite(options.dataDir);
  await migrateToLatest(db);
  const beforeClose: (() => Promise<void>)[] = [];
  return {
    db,
    engine,
    externalChangeToken,
    onClose: (task) => void beforeClose.push(task),
    async close() {
      for (const task of beforeClose.reverse()) await task().catch(() => {});
      await db.destroy();
    },
  };
}
