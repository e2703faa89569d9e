// Builds the garaging model's inputs from the crash store (not by re-reading the source files):
// the source that covers whole states with fatal crashes (FARS) is the national layer, the city
// and regional sources refine inside their footprints (docs/model.md).
import type { CrashesRepository } from '../storage/repositories/crashes.ts';
import { buildGaragingInputs, type GaragingInputs } from '../domain/garaging/index.ts';
import { loadBlockGroupCentres } from '../domain/garaging/population-loader.ts';
import { loadStateLossRows } from '../domain/garaging/state-baseline-loader.ts';
import type { LayerRecord } from '../domain/garaging/crash-layers.ts';
import type { Severity } from '../domain/crashes/record.ts';
import { sourceCoverages } from './crash-data.ts';

export async function garagingInputsFromStore(repository: CrashesRepository, sourceDataDir: string): Promise<GaragingInputs | null> {
  const sources = sourceCoverages(await repository.sources());
  const national = sources.find((s) => s.severities.includes('fatal') && s.coverage.length > 0);
  if (!national) return null;
  const bySource = new Map<string, LayerRecord[]>();
  for (const row of await repository.all()) {
    const list = bySource.get(row.source) ?? [];
    list.push({
      date: row.crash_date,
      latitude: row.latitude,
      longitude: row.longitude,
      state: row.state,
      severity: row.severity as Severity,
      fatalities: row.fatalities,
    });
    bySource.set(row.source, list);
  }
  return buildGaragingInputs({
    national: { name: national.name, records: bySource.get(national.name) ?? [], coverage: national.coverage },
    refinements: sources
      .filter((s) => s.name !== national.name && s.coverage.length === 0)
      .map((s) => ({ name: s.name, records: bySource.get(s.name) ?? [] })),
    centres: loadBlockGroupCentres(sourceDataDir),
    stateLosses: loadStateLossRows(sourceDataDir),
  });
}
