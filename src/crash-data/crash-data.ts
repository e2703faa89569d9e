// The loaded crash data: the deduplicated records' spatio-temporal index and each source's
// coverage. The index is a build output in the data dir, named by the data version (a hash of
// the sources' fingerprints), so it is rebuilt exactly when a source changes.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrashesRepository, CrashRow, CrashSourceRow } from '../storage/repositories/crashes.ts';
import { CrashIndex, FORMAT_VERSION, type CrashColumns } from '../domain/crashes/index/crash-index.ts';
import { dedupeCrashes } from '../domain/crashes/dedupe.ts';
import type { SourceCoverage, StateYear } from '../domain/crashes/catalog.ts';
import type { CrashRecord, Severity } from '../domain/crashes/record.ts';

export interface CrashData {
  version: string;
  index: CrashIndex;
  sources: SourceCoverage[];
}

export function dataVersionOf(sources: readonly CrashSourceRow[]): string {
  const hash = createHash('sha256');
  for (const s of [...sources].sort((a, b) => a.name.localeCompare(b.name))) hash.update(`${s.name}:${s.fingerprint}\n`);
  return hash.digest('hex').slice(0, 16);
}

export function sourceCoverages(sources: readonly CrashSourceRow[]): SourceCoverage[] {
  return sources.map((s) => ({
    name: s.name,
    severities: JSON.parse(s.severities) as Severity[],
    coverage: JSON.parse(s.coverage) as StateYear[],
  }));
}

const MS_PER_DAY = 86_400_000;

export function dayNumber(isoDate: string): number {
  return Math.floor(Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / MS_PER_DAY);
}

function toRecord(row: CrashRow): CrashRecord {
  return {
    source: row.source,
    sourceId: row.source_id,
    date: row.crash_date,
    time: row.crash_time,
    latitude: row.latitude,
    longitude: row.longitude,
    state: row.state,
    injuries: row.injuries,
    fatalities: row.fatalities,
    severity: row.severity as Severity,
  };
}

export function crashColumns(records: readonly CrashRecord[]): CrashColumns {
  const n = records.length;
  const columns: CrashColumns = {
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
    day: new Int32Array(n),
    injuries: new Int32Array(n),
    fatalities: new Int32Array(n),
  };
  records.forEach((r, i) => {
    columns.latitude[i] = r.latitude;
    columns.longitude[i] = r.longitude;
    columns.day[i] = dayNumber(r.date);
    columns.injuries[i] = r.injuries;
    columns.fatalities[i] = r.fatalities;
  });
  return columns;
}

/** Every stored crash once: the same crash reported by two sources is merged (dedupe.ts). */
export async function dedupedCrashes(repository: CrashesRepository): Promise<CrashRecord[]> {
  return dedupeCrashes((await repository.all()).map(toRecord)).records;
}

export async function loadCrashData(
  repository: CrashesRepository,
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<CrashData | null> {
  const sources = await repository.sources();
  if (sources.length === 0) return null;
  const version = dataVersionOf(sources);
  const folder = join(dataDir, 'indexes');
  const path = join(folder, `crash-index-${version}.bin`);
  let index: CrashIndex;
  if (existsSync(path) && (await isCurrentIndexFile(path, log))) {
    index = await CrashIndex.load(path);
  } else {
    log(`building the crash index (data version ${version})`);
    const records = await dedupedCrashes(repository);
    index = CrashIndex.build(crashColumns(records), { dataVersion: version });
    await mkdir(folder, { recursive: true });
    for (const old of await readdir(folder)) if (old.startsWith('crash-index-')) await rm(join(folder, old), { force: true });
    await index.save(path);
    log(`crash index built: ${index.size} crashes`);
  }
  return { version, index, sources: sourceCoverages(sources) };
}

/**
 * Whether a saved index can be loaded as it is: a file of an older format version (one written
 * before the index's layout changed) or an unreadable one is rebuilt instead of failing the start.
 */
async function isCurrentIndexFile(path: string, log: (message: string) => void): Promise<boolean> {
  try {
    return (await CrashIndex.readHeader(path)).formatVersion === FORMAT_VERSION;
  } catch (e) {
    log(`crash index ${path} is not current (${e instanceof Error ? e.message : String(e)}): rebuilding it`);
    return false;
  }
}
