// Central Indiana serious-injury and fatal crashes (8 counties, from the public Indiana crash
// dashboard): id, date (YYYY-MM-DD), lat, lon, ssi_fatal = "SSI" (suspected serious injury) or
// "Fatal", plus descriptive columns. No time of day, no per-crash counts.
//
// LOWER BOUNDS: the file says only that at least one person was killed (Fatal) or seriously
// injured (SSI). A Fatal crash is imported as 1 fatality and 0 injuries, an SSI crash as
// 1 injury and 0 fatalities. Totals over this source therefore undercount people, never
// overcount them. State: IN.

import { kept, rejected, type CrashRecord, type ImportReport, type RowOutcome, type Severity } from '../record.ts';
import { openCsvTable, type CsvRow } from './csv-table.ts';
import { coordinateProblem, parseIsoDate } from './fields.ts';
import { tallyRows } from './tally.ts';

const COLUMNS = ['id', 'date', 'lat', 'lon', 'ssi_fatal'];

const CLASSES: Record<string, { severity: Severity; injuries: number; fatalities: number }> = {
  FATAL: { severity: 'fatal', injuries: 0, fatalities: 1 },
  SSI: { severity: 'serious-injury', injuries: 1, fatalities: 0 },
};

export async function* importIndiana(file: string, report: ImportReport): AsyncGenerator<CrashRecord> {
  const table = await openCsvTable(file, { normalize: (name) => name.trim().toLowerCase(), required: () => COLUMNS });
  yield* tallyRows(table.rows, (row) => indianaRow(row, report.source), report);
}

export function indianaRow({ fields: f, complete }: CsvRow, source: string): RowOutcome {
  const cls = CLASSES[f.ssi_fatal?.trim().toUpperCase() ?? ''];
  const injuries = cls?.injuries ?? 0;
  const fatalities = cls?.fatalities ?? 0;
  if (!complete) return rejected('wrong column count', injuries, fatalities);
  if (cls === undefined) return rejected('unknown severity');
  if (!f.id?.trim()) return rejected('missing id', injuries, fatalities);
  if (!f.date?.trim()) return rejected('missing date', injuries, fatalities);
  const date = parseIsoDate(f.date);
  if (date === null) return rejected('invalid date', injuries, fatalities);
  const problem = coordinateProblem(f.lat, f.lon);
  if (problem) return rejected(problem, injuries, fatalities);
  return kept({
    source,
    sourceId: f.id.trim(),
    date,
    time: null,
    latitude: Number(f.lat),
    longitude: Number(f.lon),
    state: 'IN',
    injuries,
    fatalities,
    severity: cls.severity,
  });
}
