import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrashIndex, FORMAT_VERSION, bruteForceQuery } from '../../../../src/domain/crashes/index/crash-index.ts';
import { haversineKm } from '../../../../src/domain/geo/distance.ts';
import { destination, toColumns, type Crash } from './random-crashes.ts';

const NONE = { crashes: 0, injuries: 0, fatalities: 0 };
const DAY = 19000; // 2022-01-08
const manhattan = { lat: 40.758, lon: -73.9855 };

test('an empty index counts nothing and survives a round trip', () => {
  const index = CrashIndex.build(toColumns([]), { dataVersion: 'empty' });
  assert.equal(index.size, 0);
  assert.deepEqual(index.query(manhattan.lat, manhattan.lon, 500, 0, 99999), NONE);
  const loaded = CrashIndex.deserialize(index.serialize());
  assert.equal(loaded.dataVersion, 'empty');
  assert.deepEqual(loaded.queryRings(manhattan.lat, manhattan.lon, [1, 500], 0, 99999), [NONE, NONE]);
});

test('a single crash exactly on the circle is inside; a hair further is outside', () => {
  const crash = { ...destination(manhattan.lat, manhattan.lon, 10, 1.1), day: DAY, injuries: 2, fatalities: 1 };
  const index = CrashIndex.build(toColumns([crash]));
  const d = haversineKm(manhattan.lat, manhattan.lon, crash.lat, crash.lon);
  assert.deepEqual(index.query(manhattan.lat, manhattan.lon, d, DAY, DAY), { crashes: 1, injuries: 2, fatalities: 1 });
  assert.deepEqual(index.query(manhattan.lat, manhattan.lon, d * (1 - 1e-15), DAY, DAY), NONE);
  assert.deepEqual(index.query(manhattan.lat, manhattan.lon, d, DAY + 1, DAY + 5), NONE, 'day outside the range');
  assert.deepEqual(index.query(crash.lat, crash.lon, 0, DAY, DAY).crashes, 1, 'radius 0 at the crash itself');
});

test('identical crashes are all counted, split by day', () => {
  const crashes: Crash[] = Array.from({ length: 5000 }, (_, i) => ({ ...manhattan, day: DAY + (i % 10), injuries: i % 3, fatalities: i % 2 }));
  const columns = toColumns(crashes);
  const index = CrashIndex.build(columns);
  for (const [from, to] of [[DAY, DAY + 9], [DAY + 3, DAY + 3], [DAY + 2, DAY + 6], [DAY + 10, DAY + 20]]) {
    assert.deepEqual(index.query(manhattan.lat, manhattan.lon, 1, from, to), bruteForceQuery(columns, manhattan.lat, manhattan.lon, 1, from, to));
  }
  assert.equal(index.query(manhattan.lat, manhattan.lon, 1, DAY, DAY + 9).crashes, 5000);
});

test('the day range is inclusive and an inverted range counts nothing', () => {
  const crashes: Crash[] = [DAY - 1, DAY, DAY + 1].map((day) => ({ ...manhattan, day, injuries: 0, fatalities: 0 }));
  const index = CrashIndex.build(toColumns(crashes));
  assert.equal(index.query(manhattan.lat, manhattan.lon, 1, DAY, DAY).crashes, 1);
  assert.equal(index.query(manhattan.lat, manhattan.lon, 1, DAY - 1, DAY + 1).crashes, 3);
  assert.equal(index.query(manhattan.lat, manhattan.lon, 1, DAY + 1, DAY - 1).crashes, 0);
});

test('counts too large for one or two bytes are kept exactly', () => {
  const crashes: Crash[] = [{ ...manhattan, day: DAY, injuries: 70000, fatalities: 300 }, { ...manhattan, day: DAY, injuries: 1, fatalities: 0 }];
  const index = CrashIndex.deserialize(CrashIndex.build(toColumns(crashes)).serialize());
  assert.deepEqual(index.query(manhattan.lat, manhattan.lon, 1, DAY, DAY), { crashes: 2, injuries: 70001, fatalities: 300 });
});

test('save writes one file that loads back with its data version; readHeader reads only the header', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'crash-index-'));
  try {
    const crashes: Crash[] = Array.from({ length: 3000 }, (_, i) => ({
      ...destination(manhattan.lat, manhattan.lon, (i % 97) * 0.7, i), day: DAY + (i % 400), injuries: i % 4, fatalities: i % 50 === 0 ? 1 : 0,
    }));
    const columns = toColumns(crashes);
    const path = join(dir, 'crashes.idx');
    await CrashIndex.build(columns, { dataVersion: 'sources-abc' }).save(path);
    assert.deepEqual(await CrashIndex.readHeader(path), { formatVersion: FORMAT_VERSION, dataVersion: 'sources-abc', size: 3000 });
    const loaded = await CrashIndex.load(path);
    assert.equal(loaded.dataVersion, 'sources-abc');
    assert.deepEqual(loaded.query(manhattan.lat, manhattan.lon, 30, DAY + 50, DAY + 250), bruteForceQuery(columns, manhattan.lat, manhattan.lon, 30, DAY + 50, DAY + 250));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('build reports progress up to its total', () => {
  const calls: [number, number][] = [];
  CrashIndex.build(toColumns(Array.from({ length: 1000 }, (_, i) => ({ ...manhattan, day: DAY + i, injuries: 0, fatalities: 0 }))), {
    onProgress: (done, total) => calls.push([done, total]),
  });
  assert.ok(calls.length > 2);
  assert.deepEqual(calls.at(-1), [calls[0][1], calls[0][1]]);
  assert.ok(calls.every(([done], i) => i === 0 || done >= calls[i - 1][0]), 'never goes backwards');
});

test('bad input is refused', () => {
  const good = toColumns([{ ...manhattan, day: DAY, injuries: 0, fatalities: 0 }]);
  assert.throws(() => CrashIndex.build({ ...good, day: new Int32Array(2) }), RangeError);
  assert.throws(() => CrashIndex.build({ ...good, latitude: Float64Array.of(NaN) }), RangeError);
  assert.throws(() => CrashIndex.build({ ...good, injuries: Int32Array.of(-1) }), RangeError);
  assert.throws(() => CrashIndex.build(good).query(NaN, 0, 1, 0, 1), RangeError);
  assert.throws(() => CrashIndex.deserialize(new Uint8Array(64)), /not a roadrisk crash index/);
});

test('crashes on the 1e-7 degree grid: widest coded leaves, the antimeridian and circles through a crash', () => {
  const grid = (v: number) => Math.round(v * 1e7) / 1e7;
  const crashes: Crash[] = [];
  // Leaves spreading over the whole 3-byte range (2^24 - 1 steps) and one step more.
  for (const [lat, lon, span] of [[40, -100, 0xffffff], [30, -90, 0x1000000], [-45, 170, 0xffffff]]) {
    for (let i = 0; i < 40; i++) {
      const f = (i * 7919) % 40 / 39;
      crashes.push({ lat: grid(lat + (Math.round(f * span) * 1e-7)), lon: grid(lon + (Math.round(((i * 104729) % 40 / 39) * span) * 1e-7)), day: DAY + (i % 5), injuries: i % 3, fatalities: i % 7 === 0 ? 1 : 0 });
    }
  }
  // Both sides of the antimeridian.
  for (let i = 0; i < 60; i++) {
    crashes.push({ lat: grid(52 + (i % 10) * 0.01), lon: grid(i % 2 ? 179.99 - i * 0.0003 : -179.99 + i * 0.0003), day: DAY, injuries: 1, fatalities: 0 });
  }
  const columns = toColumns(crashes);
  for (const options of [{ leafSize: 4 }, { leafSize: 40 }, {}]) {
    const index = CrashIndex.deserialize(CrashIndex.build(columns, options).serialize());
    const centres = [{ lat: 40.8, lon: -99.2 }, { lat: 30.5, lon: -89.1 }, { lat: -44.2, lon: 170.9 }, { lat: 52.05, lon: 180 }, { lat: 52.05, lon: -179.995 }];
    for (const c of centres) {
      const radii = [1, 10, 50, 120, 500, ...crashes.slice(0, 200).filter((_, i) => i % 9 === 0).map((x) => haversineKm(c.lat, c.lon, x.lat, x.lon))];
      for (const r of radii) {
        for (const [from, to] of [[DAY, DAY + 4], [DAY + 1, DAY + 2]]) {
          assert.deepEqual(index.query(c.lat, c.lon, r, from, to), bruteForceQuery(columns, c.lat, c.lon, r, from, to), JSON.stringify({ c, r, from, to, options }));
        }
      }
    }
  }
});
