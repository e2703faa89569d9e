// One entry point over the importers: `roadrisk crashes import --format F --source NAME FILE`.

import { newImportReport, type CrashFormat, type CrashRecord, type ImportReport } from '../record.ts';
import { importFars } from './fars.ts';
import { importIndiana } from './indiana.ts';
import { importNyc } from './nyc.ts';
import { importRoadrisk, type StateOf } from './roadrisk.ts';
import { importSwitrs } from './switrs.ts';

export type { StateOf } from './roadrisk.ts';
export { fileFingerprint, sourceFingerprint, IMPORT_RULES_VERSION } from './fingerprint.ts';

export interface CrashImport {
  /** Filled as `records` is consumed; final once the iteration ends. */
  report: ImportReport;
  records: AsyncGenerator<CrashRecord>;
}

export interface CrashImportOptions {
  /** The source name stored on each record; defaults to the format's name. */
  source?: string;
  /** Needed by the roadrisk format for rows without a state. */
  stateOf?: StateOf;
}

export function importCrashFile(format: CrashFormat, file: string, options: CrashImportOptions = {}): CrashImport {
  const report = newImportReport(format, file, options.source ?? format);
  return { report, records: readerFor(format, file, report, options.stateOf) };
}

function readerFor(
  format: CrashFormat,
  file: string,
  report: ImportReport,
  stateOf?: StateOf,
): AsyncGenerator<CrashRecord> {
  switch (format) {
    case 'fars':
      return importFars(file, report);
    case 'nyc':
      return importNyc(file, report);
    case 'switrs':
      return importSwitrs(file, report);
    case 'indiana':
      return importIndiana(file, report);
    case 'roadrisk':
      return importRoadrisk(file, report, stateOf);
  }
}

/** Reads a whole file into memory (the files here are a few MB). */
export async function importAll(
  format: CrashFormat,
  file: string,
  options: CrashImportOptions = {},
): Promise<{ report: ImportReport; records: CrashRecord[] }> {
  const { report, records } = importCrashFile(format, file, options);
  const all: CrashRecord[] = [];
  for await (const record of records) all.push(record);
  return { report, records: all };
}
