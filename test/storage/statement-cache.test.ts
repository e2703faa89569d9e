// Kept SQLite statements: reused by SQL text, never while one is still being iterated, and still
// correct after the schema changes under them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { withStatementCache } from '../../src/storage/statement-cache.ts';

test('the same SQL reuses one statement; a busy one is not handed out again', () => {
  const connection = new SQLite(':memory:');
  const db = withStatementCache(connection, 2);
  connection.exec('create table t (x integer); insert into t values (1), (2), (3)');
  const a = db.prepare('select x from t order by x');
  assert.equal(db.prepare('select x from t order by x'), a);
  const rows = a.iterate([]);
  rows.next();
  const b = db.prepare('select x from t order by x');
  assert.notEqual(b, a);
  assert.deepEqual(b.all([]), [{ x: 1 }, { x: 2 }, { x: 3 }]);
  assert.deepEqual([...rows], [{ x: 2 }, { x: 3 }]);
  // Capacity 2: a third text pushes the oldest out.
  db.prepare('select 1');
  db.prepare('select 2');
  assert.notEqual(db.prepare('select x from t order by x'), a);
  db.close();
});

test('through Kysely: answers stay right across a schema change and many repeats', async () => {
  const kysely = new Kysely<{ t: { x: number; y?: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(new SQLite(':memory:')) }) });
  await sql`create table t (x integer)`.execute(kysely);
  for (let i = 0; i < 50; i++) await kysely.insertInto('t').values({ x: i }).execute();
  const all = () => kysely.selectFrom('t').selectAll().orderBy('x').execute();
  assert.equal((await all()).length, 50);
  await sql`alter table t add column y text default 'z'`.execute(kysely);
  const after = await all();
  assert.deepEqual(after[0], { x: 0, y: 'z' });
  await kysely.destroy();
});
