// Imports one crash source (a set of files in one format) into the crash store. The source's
// fingerprint (its files' bytes, format and import rules) decides whether anything changes, so
// importing the same files twice is a no-op.
import type { CrashesRepository, CrashRow } from '../storage/repositories/crashes.ts';
import { fileFingerprint, importAll, sourceFingerprint, type StateOf } from '../domain/crashes/importers/index.ts';
import { sourceCoverage, stateYearsOf, type CrashSourceDefinition } from '../domain/crashes/catalog.ts';
import type { CrashRecord, ImportReport } from '../domain/crashes/record.ts';

export interface SourceImportResult {
  source: string;
  changed: boolean;
  reports: ImportReport[];
  rowsKept: number;
}

function toRow(r: CrashRecord): CrashRow {
  return {
    source: r.source,
    source_id: r.sourceId,
    crash_date: r.date,
    crash_time: r.time,
    latitude: r.latitude,
    longitude: r.longitude,
    state: r.state,
    injuries: r.injuries,
    fatalities: r.fatalities,
    severity: r.severity,
  };
}

export async function importCrashSource(
  repository: CrashesRepository,
  definition: CrashSourceDefinition,
  options: { stateOf: StateOf; now: Date; log?: (message: string) => void },
): Promise<SourceImportResult> {
  const hashes = await Promise.all(definition.files.map((f) => fileFingerprint(f)));
  const fingerprint = sourceFingerprint(definition.name, definition.format, hashes);
  const existing = await repository.source(definition.name);
  if (existing?.fingerprint === fingerprint) {
    return { source: definition.name, changed: false, reports: JSON.parse(existing.report), rowsKept: 0 };
  }
  const reports: ImportReport[] = [];
  const records: CrashRecord[] = [];
  for (const file of definition.files) {
    options.log?.(`importing ${definition.name}: ${file}`);
    const imported = await importAll(definition.format, file, { source: definition.name, stateOf: options.stateOf });
    reports.push(imported.report);
    appendAll(records, imported.records);
  }
  const coverage = sourceCoverage(stateYearsOf(records), { states: definition.states, years: definition.years });
  await repository.replaceSource(
    {
      name: definition.name,
      format: definition.format,
      severities: JSON.stringify(definition.severities),
      area: definition.area,
      coverage: JSON.stringify(coverage),
      fingerprint,
      report: JSON.stringify(reports),
      imported_at: options.now.toISOString(),
    },
    records.map(toRow),
  );
  return { source: definition.name, changed: true, reports, rowsKept: records.length };
}

/**
 * Appends one by one: `target.push(...items)` passes every item as an argument and overflows the
 * stack for a file of some hundred thousand records.
 */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i]);
}
