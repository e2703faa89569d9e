// Reads everything the garaging model needs from the shared data folder (shared/data/README.md):
// crash files through the project's importers and the catalog's source definitions, the Census
// block-group centres and the state loss table. The only garaging code that touches files.
//
// Which source plays which part (crash-layers.ts): a source the catalog declares for whole states
// that records fatal crashes is national (FARS); a source that claims no whole state (`states: []`:
// the city and regional extracts) refines inside its footprint.
import { defaultCrashSources, sourceCoverage, stateYearsOf, type CrashSourceDefinition } from '../crashes/catalog.ts';
import { importAll } from '../crashes/importers/index.ts';
import type { CrashRecord } from '../crashes/record.ts';
import { buildGaragingInputs } from './build-inputs.ts';
import type { KernelParams } from './crash-intensity.ts';
import type { GaragingInputs } from './inputs.ts';
import { loadBlockGroupCentres } from './population-loader.ts';
import { loadStateLossRows } from './state-baseline-loader.ts';

export interface LoadOptions {
  sources?: CrashSourceDefinition[];
  kernel?: KernelParams;
  referenceSize?: number;
  onProgress?: (message: string) => void;
}

export function isNationalSource(s: CrashSourceDefinition): boolean {
  return s.severities.includes('fatal') && (s.states === undefined || s.states.length > 0);
}

export async function readSourceRecords(source: CrashSourceDefinition): Promise<CrashRecord[]> {
  const all: CrashRecord[] = [];
  for (const file of source.files) {
    // One by one: a spread passes every record as an argument and overflows the stack on a big file.
    for (const record of (await importAll(source.format, file, { source: source.name })).records) all.push(record);
  }
  return all;
}

export async function loadGaragingInputs(sourceDataDir: string, options: LoadOptions = {}): Promise<GaragingInputs> {
  const sources = options.sources ?? defaultCrashSources(sourceDataDir);
  const national = sources.find(isNationalSource);
  if (!national) throw new Error('garaging: no crash source covers whole states with fatal crashes');
  options.onProgress?.(`garaging: reading ${national.name}`);
  const nationalRecords = await readSourceRecords(national);
  const refinements = [];
  for (const source of sources.filter((s) => s !== national && !isNationalSource(s))) {
    options.onProgress?.(`garaging: reading ${source.name}`);
    refinements.push({ name: source.name, records: await readSourceRecords(source) });
  }
  options.onProgress?.('garaging: building indexes and reference');
  return buildGaragingInputs({
    national: {
      name: national.name,
      records: nationalRecords,
      coverage: sourceCoverage(stateYearsOf(nationalRecords), { states: national.states, years: national.years }),
    },
    refinements,
    centres: loadBlockGroupCentres(sourceDataDir),
    stateLosses: loadStateLossRows(sourceDataDir),
    kernel: options.kernel,
    referenceSize: options.referenceSize,
  });
}
