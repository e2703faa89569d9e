// NYC Open Data "Motor Vehicle Collisions - Crashes" (dataset h9gi-nx95): every
// police-reported crash in the five boroughs (MV-104AN), property damage included.
//
// Header spellings differ between exports: the portal's CSV says "CRASH DATE",
// "NUMBER OF PERSONS INJURED"; the extract here says CRASH_DATE, INJURED_PERSONS. Both map to
// the latter.
// - Date: CRASH_DATE as MM/DD/YYYY (or an ISO date-time). Time: CRASH_TIME as H:MM.
// - Location: LATITUDE / LONGITUDE; empty or 0 when the crash was not geocoded → rejected.
// - Counts: INJURED_PERSONS, KILLED_PERSONS. Id: COLLISION_ID. State: NY.

import { kept, rejected, severityFromCounts, type CrashRecord, type ImportReport, type RowOutcome } from '../record.ts';
import { openCsvTable, type CsvRow } from './csv-table.ts';
import { coordinateProblem, parseClock, parseCount, parseIsoDate, parseUsDate } from './fields.ts';
import { tallyRows } from './tally.ts';

const ALIASES: Record<string, string> = {
  NUMBER_OF_PERSONS_INJURED: 'INJURED_PERSONS',
  NUMBER_OF_PERSONS_KILLED: 'KILLED_PERSONS',
};
const COLUMNS = ['CRASH_DATE', 'CRASH_TIME', 'LATITUDE', 'LONGITUDE', 'INJURED_PERSONS', 'KILLED_PERSONS', 'COLLISION_ID'];

export function nycColumnName(name: string): string {
  const upper = name.trim().toUpperCase().replace(/\s+/g, '_');
  return ALIASES[upper] ?? upper;
}

export async function* importNyc(file: string, report: ImportReport): AsyncGenerator<CrashRecord> {
  const table = await openCsvTable(file, { normalize: nycColumnName, required: () => COLUMNS });
  yield* tallyRows(table.rows, (row) => nycRow(row, report.source), report);
}

export function nycRow({ fields: f, complete }: CsvRow, source: string): RowOutcome {
  const injuries = parseCount(f.INJURED_PERSONS);
  const fatalities = parseCount(f.KILLED_PERSONS);
  if (!complete) return rejected('wrong column count', injuries ?? 0, fatalities ?? 0);
  if (injuries === null || fatalities === null) return rejected('invalid count', injuries ?? 0, fatalities ?? 0);
  if (!f.COLLISION_ID?.trim()) return rejected('missing id', injuries, fatalities);

  if (!f.CRASH_DATE?.trim()) return rejected('missing date', injuries, fatalities);
  // An ISO export carries "2016-08-01T00:00:00.000": its date part is the local date.
  const date = parseUsDate(f.CRASH_DATE) ?? parseIsoDate(f.CRASH_DATE.trim().slice(0, 10));
  if (date === null) return rejected('invalid date', injuries, fatalities);

  const problem = coordinateProblem(f.LATITUDE, f.LONGITUDE);
  if (problem) return rejected(problem, injuries, fatalities);

  return kept({
    source,
    sourceId: f.COLLISION_ID.trim(),
    date,
    time: parseClock(f.CRASH_TIME ?? ''),
    latitude: Number(f.LATITUDE),
    longitude: Number(f.LONGITUDE),
    state: 'NY',
    injuries,
    fatalities,
    severity: severityFromCounts(injuries, fatalities),
  });
}
