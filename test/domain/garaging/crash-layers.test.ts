// The garaging layers built from typed columns (the server's path: the crash store read in pages)
// equal the layers of the former object-array path, kept here as the reference implementation.
// SYNTHETIC records: made-up crashes, no real place or event.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrashIndex } from '../../../src/domain/crashes/index/crash-index.ts';
import { KM_PER_DEGREE } from '../../../src/domain/geo/distance.ts';
import type { Severity } from '../../../src/domain/crashes/record.ts';
import {
  buildNationalLayer, buildRefinementLayer, cellId, dayOfIsoDate, FOOTPRINT_CELL_DEG, LAYER_INDEX_OPTIONS, layerColumnsOf, LayerColumnsBuilder, WEIGHT_UNIT,
  type Footprint, type LayerRecord, type NationalCrashLayer, type RefinementLayer,
} from '../../../src/domain/garaging/crash-layers.ts';
import { SEVERITY_WEIGHTS } from '../../../src/domain/garaging/severity-weights.ts';
import { layerColumnsBySource } from '../../../src/crash-data/garaging-inputs.ts';
import { openStore, type Store } from '../../../src/storage/database.ts';
import { CrashesRepository, type CrashRow } from '../../../src/storage/repositories/crashes.ts';
import { random } from './synthetic.ts';

// ---- the former implementation (object arrays), as it was before the columns ----
function refIndex(records: readonly LayerRecord[], dataVersion: string, weighted: boolean): CrashIndex {
  return CrashIndex.build(
    {
      latitude: Float64Array.from(records, (r) => r.latitude),
      longitude: Float64Array.from(records, (r) => r.longitude),
      day: Int32Array.from(records, (r) => dayOfIsoDate(r.date)),
      injuries: weighted ? Int32Array.from(records, (r) => Math.round(SEVERITY_WEIGHTS[r.severity] / WEIGHT_UNIT)) : new Int32Array(records.length),
      fatalities: Int32Array.from(records, (r) => r.fatalities),
    },
    { ...LAYER_INDEX_OPTIONS, dataVersion }, // the one change since: smaller leaves for ring queries
  );
}

function refNational(name: string, records: readonly LayerRecord[], coverage: readonly { state: string; year: number }[]): NationalCrashLayer {
  const fatal = records.filter((r) => r.severity === 'fatal' || r.fatalities > 0);
  const years = new Map<string, number[]>();
  for (const { state, year } of coverage) years.set(state, [...(years.get(state) ?? []), year]);
  for (const list of years.values()) list.sort((a, b) => a - b);
  const fatalColumns = {
    latitude: Float64Array.from(fatal, (r) => r.latitude),
    longitude: Float64Array.from(fatal, (r) => r.longitude),
    day: Int32Array.from(fatal, (r) => dayOfIsoDate(r.date)),
  };
  return { name, index: refIndex(fatal, name, false), fatal: fatalColumns, coverage: years };
}

function refFootprint(records: readonly LayerRecord[]): Footprint {
  const cells = new Set<number>();
  for (const r of records) cells.add(cellId(r.latitude, r.longitude));
  const centres = [...cells].sort((a, b) => a - b).map((id) => ({
    latitude: (Math.floor(id / 100_000) + 0.5) * FOOTPRINT_CELL_DEG - 90,
    longitude: ((id % 100_000) + 0.5) * FOOTPRINT_CELL_DEG - 180,
  }));
  const side = FOOTPRINT_CELL_DEG * KM_PER_DEGREE;
  const areaKm2 = centres.reduce((sum, c) => sum + side * side * Math.cos((c.latitude * Math.PI) / 180), 0);
  return { cells, centres, areaKm2 };
}

function refRefinement(name: string, records: readonly LayerRecord[]): RefinementLayer {
  const severityCounts = new Map<Severity, number>();
  for (const r of records) severityCounts.set(r.severity, (severityCounts.get(r.severity) ?? 0) + 1);
  const stateCounts = new Map<string, number>();
  for (const r of records) stateCounts.set(r.state, (stateCounts.get(r.state) ?? 0) + 1);
  const state = [...stateCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
  const years = [...new Set(records.map((r) => Number(r.date.slice(0, 4))))].sort((a, b) => a - b);
  const byDay = new Map<number, { count: number; weight: number }>();
  for (const r of records) {
    const d = dayOfIsoDate(r.date);
    const entry = byDay.get(d) ?? { count: 0, weight: 0 };
    entry.count++;
    entry.weight += Math.round(SEVERITY_WEIGHTS[r.severity] / WEIGHT_UNIT) * WEIGHT_UNIT;
    byDay.set(d, entry);
  }
  const days = Int32Array.from([...byDay.keys()].sort((a, b) => a - b));
  const cumulativeCount = new Float64Array(days.length), cumulativeWeight = new Float64Array(days.length);
  let count = 0, weight = 0;
  days.forEach((d, i) => {
    cumulativeCount[i] = count += byDay.get(d)!.count;
    cumulativeWeight[i] = weight += byDay.get(d)!.weight;
  });
  const modal = [...severityCounts].sort((a, b) => b[1] - a[1] || SEVERITY_WEIGHTS[b[0]] - SEVERITY_WEIGHTS[a[0]])[0];
  return {
    name, state, years, index: refIndex(records, name, true), severityCounts,
    typicalWeight: modal ? SEVERITY_WEIGHTS[modal[0]] : 1,
    footprint: refFootprint(records), days, cumulativeCount, cumulativeWeight,
  };
}
// ---- end of the former implementation ----

const SEVERITY_MIX: Severity[] = ['fatal', 'serious-injury', 'injury', 'injury', 'property-damage', 'property-damage', 'property-damage', 'unknown'];

function syntheticRecords(seed: number, n: number, states: string[]): LayerRecord[] {
  const rnd = random(seed);
  return Array.from({ length: n }, () => {
    const severity = SEVERITY_MIX[Math.floor(rnd() * SEVERITY_MIX.length)];
    const year = 2013 + Math.floor(rnd() * 9);
    const month = 1 + Math.floor(rnd() * 12), day = 1 + Math.floor(rnd() * 28);
    return {
      date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      latitude: 40.5 + rnd() * 0.4,
      longitude: -74.2 + rnd() * 0.5,
      state: states[Math.floor(rnd() ** 2 * states.length)],
      severity,
      fatalities: severity === 'fatal' ? 1 + Math.floor(rnd() * 2) : rnd() < 0.01 ? 1 : 0,
    };
  });
}

const COVERAGE = ['NY', 'NJ'].flatMap((state) => [2016, 2013, 2014].map((year) => ({ state, year })));

function assertSameQueries(a: CrashIndex, b: CrashIndex, seed: number): void {
  const rnd = random(seed);
  for (let k = 0; k < 200; k++) {
    const lat = 40.4 + rnd() * 0.6, lon = -74.3 + rnd() * 0.7, r = 0.5 + rnd() * 30;
    const from = dayOfIsoDate('2013-01-01') + Math.floor(rnd() * 2000), to = from + Math.floor(rnd() * 1500);
    assert.deepEqual(a.query(lat, lon, r, from, to), b.query(lat, lon, r, from, to));
  }
}

describe('garaging layers from columns', () => {
  const records = syntheticRecords(7, 5_000, ['NY', 'NJ', 'CT']);

  it('national layer: equal to the object-array build, index answers included', () => {
    const fromColumns = buildNationalLayer('fars', layerColumnsOf(records), COVERAGE);
    const reference = refNational('fars', records, COVERAGE);
    assert.deepEqual(fromColumns, reference);
    assert.equal(fromColumns.index.size, records.filter((r) => r.severity === 'fatal' || r.fatalities > 0).length);
    assertSameQueries(fromColumns.index, reference.index, 1);
    assert.deepEqual(buildNationalLayer('fars', records, COVERAGE), reference, 'records are still accepted');
  });

  it('refinement layer: equal to the object-array build (state, years, severities, footprint, cumulative days, index)', () => {
    const fromColumns = buildRefinementLayer('nyc', layerColumnsOf(records));
    const reference = refRefinement('nyc', records);
    assert.deepEqual(fromColumns, reference);
    assertSameQueries(fromColumns.index, reference.index, 2);
    assert.deepEqual(buildRefinementLayer('nyc', records), reference, 'records are still accepted');
  });

  it('the columns builder grows past its capacity and trims to the rows added', () => {
    const small = new LayerColumnsBuilder(3);
    for (const r of records.slice(0, 1000)) small.add(r.date, r.latitude, r.longitude, r.state, r.severity, r.fatalities);
    assert.deepEqual(small.finish(), layerColumnsOf(records.slice(0, 1000)));
    assert.throws(() => small.add('2020-01-01', 1, 1, 'NY', 'bad' as Severity, 0), /unknown crash severity/);
    const empty = new LayerColumnsBuilder(0).finish();
    assert.equal(empty.length, 0);
    assert.deepEqual(buildRefinementLayer('none', empty), refRefinement('none', []));
  });
});

describe('garaging layers from the crash store pages', () => {
  let dir: string;
  let store: Store;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'roadrisk-layers-'));
    store = await openStore({ databaseUrl: null, dataDir: dir });
  });
  after(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('columns read page by page build the same layers as the rows read at once', async () => {
    const repository = new CrashesRepository(store.db);
    const toRow = (source: string) => (r: LayerRecord, i: number): CrashRow => ({
      source, source_id: `${source}-${i}`, crash_date: r.date, crash_time: null, latitude: r.latitude, longitude: r.longitude,
      state: r.state, injuries: 0, fatalities: r.fatalities, severity: r.severity,
    });
    const sourceRow = (name: string) => ({ name, format: 'roadrisk', severities: '[]', area: 'synthetic', coverage: '[]', fingerprint: name, report: '{}', imported_at: '2024-01-01T00:00:00Z' });
    await repository.replaceSource(sourceRow('fars'), syntheticRecords(11, 25_000, ['NY', 'NJ', 'PA', 'CT']).map(toRow('fars')));
    await repository.replaceSource(sourceRow('nyc'), syntheticRecords(12, 3_000, ['NY']).map(toRow('nyc')));

    const bySource = await layerColumnsBySource(repository);
    assert.deepEqual([...bySource.keys()], ['fars', 'nyc']);
    // The former path: every row at once, as objects, grouped by source.
    const all = await repository.all();
    const recordsOf = (source: string): LayerRecord[] =>
      all.filter((r) => r.source === source).map((r) => ({ date: r.crash_date, latitude: r.latitude, longitude: r.longitude, state: r.state, severity: r.severity as Severity, fatalities: r.fatalities }));
    assert.deepEqual(buildNationalLayer('fars', bySource.get('fars')!, COVERAGE), refNational('fars', recordsOf('fars'), COVERAGE));
    assert.deepEqual(buildRefinementLayer('nyc', bySource.get('nyc')!), refRefinement('nyc', recordsOf('nyc')));
  });
});
