// Kysely's SQLite driver prepares every query afresh, and better-sqlite3 keeps no statement cache
// of its own: compiling the SQL was about half of the database time of an authenticated request
// (bench/garaging-http profile). Kysely emits the same SQL text for the same query shape, so
// statements are kept by their text and reused. SQLite re-prepares a kept statement by itself
// after a schema change (migrations), so a kept statement never runs against a stale schema.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept; the oldest is dropped beyond this (queries with IN lists vary). */
export const STATEMENT_CACHE_SIZE = 500;

export function withStatementCache(connection: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql: string) {
      const found = kept.get(sql);
      // A statement still being iterated (a streaming read) cannot run again until it finishes.
      if (found && !found.busy) return found;
      const statement = connection.prepare(sql);
      if (!found) {
        if (kept.size >= capacity) kept.delete(kept.keys().next().value!);
        kept.set(sql, statement);
      }
      return statement;
    },
  };
}
