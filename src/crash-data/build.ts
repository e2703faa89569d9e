// `roadrisk data build`: imports every public crash source under the source-data folder (each
// only when its files changed) and builds the crash index. Also run on the first `serve`.
import type { CrashesRepository } from '../storage/repositories/crashes.ts';
import { defaultCrashSources } from '../domain/crashes/catalog.ts';
import type { StateLocator } from '../domain/geo/states.ts';
import { importCrashSource, type SourceImportResult } from './import-source.ts';
import { loadCrashData, type CrashData } from './crash-data.ts';

export interface BuildReport {
  sources: SourceImportResult[];
  dataVersion: string | null;
  crashesIndexed: number;
}

export async function buildCrashData(
  repository: CrashesRepository,
  options: { sourceDataDir: string; dataDir: string; states: StateLocator; now: Date; log: (message: string) => void },
): Promise<{ report: BuildReport; data: CrashData | null }> {
  const sources: SourceImportResult[] = [];
  const definitions = defaultCrashSources(options.sourceDataDir);
  for (const [i, definition] of definitions.entries()) {
    options.log(`[${i + 1}/${definitions.length}] source ${definition.name}`);
    const result = await importCrashSource(repository, definition, {
      stateOf: (lat, lon) => options.states.stateOf(lat, lon),
      now: options.now,
      log: options.log,
    });
    options.log(result.changed ? `  imported ${result.rowsKept} crashes` : '  unchanged');
    sources.push(result);
  }
  const data = await loadCrashData(repository, options.dataDir, options.log);
  return { report: { sources, dataVersion: data?.version ?? null, crashesIndexed: data?.index.size ?? 0 }, data };
}
