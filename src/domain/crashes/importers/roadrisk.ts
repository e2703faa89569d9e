// The project's plain crash CSV (decisions.md §9), for any other source, tests and benchmarks:
//   crash_id,crash_date,latitude,longitude,injuries,fatalities[,crash_time][,state]
// crash_date YYYY-MM-DD (local); crash_time HH:MM (local, optional); state a USPS code
// (optional: when the column or the value is absent the state is found from the point, and a
// point in no state is rejected as "outside the US"). Being our own format, it is read
// strictly: a malformed optional value rejects the row instead of being dropped.

import { isUsState } from '../../geo/us-states.ts';
import {
  kept,
  rejected,
  severityFromCounts,
  type CrashRecord,
  type ImportReport,
  type RejectReason,
  type RowOutcome,
} from '../record.ts';
import { openCsvTable, type CsvRow } from './csv-table.ts';
import { coordinateProblem, parseClock, parseCount, parseIsoDate } from './fields.ts';
import { tallyRows } from './tally.ts';

/** Point-in-state lookup (src/domain/geo provides one); null outside the 51 jurisdictions. */
export type StateOf = (latitude: number, longitude: number) => string | null;

export const ROADRISK_COLUMNS = ['crash_id', 'crash_date', 'latitude', 'longitude', 'injuries', 'fatalities'] as const;

export async function* importRoadrisk(
  file: string,
  report: ImportReport,
  stateOf?: StateOf,
): AsyncGenerator<CrashRecord> {
  const table = await openCsvTable(file, {
    normalize: (name) => name.trim().toLowerCase(),
    required: () => ROADRISK_COLUMNS,
  });
  yield* tallyRows(table.rows, (row) => roadriskRow(row, report.source, stateOf), report);
}

export function roadriskRow({ fields: f, complete }: CsvRow, source: string, stateOf?: StateOf): RowOutcome {
  const injuries = parseCount(f.injuries);
  const fatalities = parseCount(f.fatalities);
  if (!complete) return rejected('wrong column count', injuries ?? 0, fatalities ?? 0);
  if (injuries === null || fatalities === null) return rejected('invalid count', injuries ?? 0, fatalities ?? 0);
  const lost = (reason: RejectReason) => rejected(reason, injuries, fatalities);
  if (!f.crash_id?.trim()) return lost('missing id');
  if (!f.crash_date?.trim()) return lost('missing date');
  const date = parseIsoDate(f.crash_date);
  if (date === null) return lost('invalid date');
  const time = f.crash_time?.trim() ? parseClock(f.crash_time) : null;
  if (f.crash_time?.trim() && time === null) return lost('invalid time');
  const problem = coordinateProblem(f.latitude, f.longitude);
  if (problem) return lost(problem);
  const [latitude, longitude] = [Number(f.latitude), Number(f.longitude)];

  const state = rowState(f.state, latitude, longitude, stateOf);
  if (typeof state !== 'string') return lost(state.problem);
  return kept({
    source,
    sourceId: f.crash_id.trim(),
    date,
    time,
    latitude,
    longitude,
    state,
    injuries,
    fatalities,
    severity: severityFromCounts(injuries, fatalities),
  });
}

function rowState(
  text: string | undefined,
  latitude: number,
  longitude: number,
  stateOf: StateOf | undefined,
): string | { problem: RejectReason } {
  const code = text?.trim().toUpperCase();
  if (code) return isUsState(code) ? code : { problem: 'unknown state' };
  if (!stateOf) throw new Error('roadrisk rows without a state need a stateOf function');
  return stateOf(latitude, longitude) ?? { problem: 'outside the US' };
}
