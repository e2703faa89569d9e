// The crash store read in pages (keyset pagination on source, source_id) and counted per source in
// SQL: the same rows in the same order as one big read, on SQLite and on PostgreSQL.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../src/storage/database.ts';
import { CrashesRepository, type CrashRow, type CrashSourceRow } from '../../src/storage/repositories/crashes.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let dir: string;
let database: TestDatabase;
let store: Store;
let repository: CrashesRepository;

function source(name: string): CrashSourceRow {
  return { name, format: 'roadrisk', severities: '["fatal"]', area: 'test', coverage: '[]', fingerprint: name, report: '{}', imported_at: '2024-01-01T00:00:00Z' };
}

function crash(sourceName: string, id: string, i: number): CrashRow {
  return {
    source: sourceName, source_id: id, crash_date: `2020-01-${String((i % 28) + 1).padStart(2, '0')}`, crash_time: null,
    latitude: 40 + i / 1000, longitude: -74 - i / 1000, state: 'NY', injuries: i % 3, fatalities: i % 2, severity: i % 2 ? 'fatal' : 'injury',
  };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roadrisk-crashes-'));
  database = await createTestDatabase();
  store = await openStore({ databaseUrl: database.url, dataDir: dir });
  // The PostgreSQL pass clones a template holding the real crash data: start from an empty store.
  await store.db.deleteFrom('crashes').execute();
  await store.db.deleteFrom('crash_sources').execute();
  repository = new CrashesRepository(store.db);
  // Ids that sort differently as text and as numbers, and a source whose name prefixes another.
  await repository.replaceSource(source('b'), Array.from({ length: 23 }, (_, i) => crash('b', String(i * 7), i)));
  await repository.replaceSource(source('a'), Array.from({ length: 17 }, (_, i) => crash('a', `id-${i}`, i)));
  await repository.replaceSource(source('ab'), [crash('ab', '1', 1)]);
  await repository.replaceSource(source('empty'), []);
});
after(async () => {
  await store?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function collect(pageSize?: number): Promise<{ pages: CrashRow[][]; rows: CrashRow[] }> {
  const pages: CrashRow[][] = [];
  for await (const page of repository.rows(pageSize)) pages.push(page);
  return { pages, rows: pages.flat() };
}

describe('CrashesRepository.rows (pages)', () => {
  it('yields every row once, in the order of all(), whatever the page size', async () => {
    const all = await repository.all();
    assert.equal(all.length, 41);
    for (const size of [1, 2, 5, 16, 17, 40, 41, 42, 1000]) {
      const { pages, rows } = await collect(size);
      assert.deepEqual(rows, all, `page size ${size}`);
      assert.ok(pages.every((p) => p.length >= 1 && p.length <= size), `page size ${size}: pages within the size`);
      assert.equal(pages.length, Math.ceil(all.length / size), `page size ${size}: page count`);
    }
    const { rows } = await collect();
    assert.deepEqual(rows, all, 'default page size');
  });

  it('yields nothing from an empty store and refuses a page size under 1', async () => {
    const empty = new CrashesRepository(store.db);
    await assert.rejects(async () => {
      for await (const _ of empty.rows(0)) void _;
    }, RangeError);
    await store.db.transaction().execute(async (trx) => {
      const inner = new CrashesRepository(trx);
      await trx.deleteFrom('crashes').execute();
      const pages: CrashRow[][] = [];
      for await (const page of inner.rows(3)) pages.push(page);
      assert.deepEqual(pages, []);
      assert.deepEqual(await inner.countsBySource(), new Map());
      throw new Rollback();
    }).catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
    assert.equal((await repository.all()).length, 41, 'rolled back');
  });
});

class Rollback extends Error {}

describe('CrashesRepository.countsBySource', () => {
  it('counts the stored rows of each source in SQL', async () => {
    const counts = await repository.countsBySource();
    assert.deepEqual([...counts].sort(), [['a', 17], ['ab', 1], ['b', 23]]);
    for (const value of counts.values()) assert.equal(typeof value, 'number');
  });
});
