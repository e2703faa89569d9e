import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCrashData } from '../../src/crash-data/crash-data.ts';
import { appendAll } from '../../src/crash-data/import-source.ts';
import { CrashIndex, FORMAT_VERSION } from '../../src/domain/crashes/index/crash-index.ts';
import type { CrashesRepository, CrashRow, CrashSourceRow } from '../../src/storage/repositories/crashes.ts';

const source: CrashSourceRow = {
  name: 'test', format: 'roadrisk', severities: '["fatal","injury"]', area: 'test', coverage: '[]',
  fingerprint: 'abc', report: '[]', imported_at: '2026-01-01T00:00:00.000Z',
} as CrashSourceRow;

const rows: CrashRow[] = [
  [40.758, -73.9855, 1, 0], [40.7581234, -73.9855678, 2, 1], [40.75812345678, -73.98, 0, 0],
].map(([latitude, longitude, injuries, fatalities], i) => ({
  source: 'test', source_id: String(i), crash_date: '2022-03-04', crash_time: null, latitude, longitude,
  state: 'NY', injuries, fatalities, severity: fatalities > 0 ? 'fatal' : 'injury',
}));

const repository = { sources: async () => [source], all: async () => rows } as unknown as CrashesRepository;

test('an index file of an older format in the data dir is rebuilt at start, not loaded', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'crash-data-'));
  try {
    const first = await loadCrashData(repository, dataDir);
    assert.ok(first);
    const [name] = await readdir(join(dataDir, 'indexes'));
    const path = join(dataDir, 'indexes', name);
    assert.equal((await CrashIndex.readHeader(path)).formatVersion, FORMAT_VERSION);
    // The same file as an older version would have written it: format number FORMAT_VERSION - 1.
    const bytes = await readFile(path);
    bytes.writeUInt32LE(FORMAT_VERSION - 1, 8);
    await writeFile(path, bytes);
    await assert.rejects(CrashIndex.load(path), /crash index format/);

    const messages: string[] = [];
    const again = await loadCrashData(repository, dataDir, (m) => messages.push(m));
    assert.ok(again);
    assert.ok(messages.some((m) => /not current.*rebuilding/.test(m)), messages.join('\n'));
    assert.ok(messages.some((m) => /crash index built: 3 crashes/.test(m)), messages.join('\n'));
    assert.equal((await CrashIndex.readHeader(path)).formatVersion, FORMAT_VERSION);
    assert.deepEqual(again.index.query(40.758, -73.9855, 1, 0, 99999), { crashes: 3, injuries: 3, fatalities: 1 });

    // A current file is loaded as it is.
    const quiet: string[] = [];
    await loadCrashData(repository, dataDir, (m) => quiet.push(m));
    assert.deepEqual(quiet, []);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a file of a million records is appended without overflowing the stack', () => {
  const big = Array.from({ length: 1_000_000 }, (_, i) => i);
  const target = [-1];
  appendAll(target, big);
  assert.equal(target.length, 1_000_001);
  assert.equal(target[1_000_000], 999_999);
  assert.throws(() => [].push(...(big as never[])), RangeError, 'the spread this replaces');
});
