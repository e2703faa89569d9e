// Builds the garaging model's inputs from the crash store (not by re-reading the source files):
// the source that covers whole states with fatal crashes (FARS) is the national layer, the city
// and regional sources refine inside their footprints (docs/model.md).
//
// The store is read in pages (CrashesRepository.rows) straight into typed columns per source
// (LayerColumnsBuilder, sized by a SQL count), so the start never holds every crash as an object:
// that array of row objects was most of a server's start-up garbage (bench/telematics RESULTS).
import type { CrashesRepository } from '../storage/repositories/crashes.ts';
import { buildGaragingInputs, type GaragingInputs } from '../domain/garaging/index.ts';
import { loadBlockGroupCentres } from '../domain/garaging/population-loader.ts';
import { loadStateLossRows } from '../domain/garaging/state-baseline-loader.ts';
import { LayerColumnsBuilder, type LayerColumns } from '../domain/garaging/crash-layers.ts';
import { sourceCoverages } from './crash-data.ts';

/** Every stored crash as typed columns, per source. */
export async function layerColumnsBySource(repository: CrashesRepository): Promise<Map<string, LayerColumns>> {
  const counts = await repository.countsBySource();
  const builders = new Map<string, LayerColumnsBuilder>();
  for await (const page of repository.rows()) {
    for (const row of page) {
      let builder = builders.get(row.source);
      if (!builder) builders.set(row.source, (builder = new LayerColumnsBuilder(counts.get(row.source) ?? 1024)));
      builder.add(row.crash_date, row.latitude, row.longitude, row.state, row.severity, row.fatalities);
    }
  }
  return new Map([...builders].map(([name, builder]) => [name, builder.finish()]));
}

export async function garagingInputsFromStore(repository: CrashesRepository, sourceDataDir: string): Promise<GaragingInputs | null> {
  const sources = sourceCoverages(await repository.sources());
  const national = sources.find((s) => s.severities.includes('fatal') && s.coverage.length > 0);
  if (!national) return null;
  const bySource = await layerColumnsBySource(repository);
  const empty = new LayerColumnsBuilder(1).finish();
  return buildGaragingInputs({
    national: { name: national.name, records: bySource.get(national.name) ?? empty, coverage: national.coverage },
    refinements: sources
      .filter((s) => s.name !== national.name && s.coverage.length === 0)
      .map((s) => ({ name: s.name, records: bySource.get(s.name) ?? empty })),
    centres: loadBlockGroupCentres(sourceDataDir),
    stateLosses: loadStateLossRows(sourceDataDir),
  });
}
