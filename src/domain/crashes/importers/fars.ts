// NHTSA FARS accident file (accident.csv, one row per fatal crash; FARS/CRSS Coding and
// Validation Manual, "Crash Level" elements C1-C26). Plain or .bz2.
//
// - Location: LATITUDE / LONGITUD (sic). Unknown is coded 77.7777 (not reported),
//   88.8888 (not available) and 99.9999 (unknown) in LATITUDE and 777.7777 / 888.8888 /
//   999.9999 in LONGITUD; such rows are rejected as "unknown coordinates".
// - Date: YEAR, MONTH, DAY (99 = unknown). Time: HOUR and MINUTE, 99 = unknown; any value
//   outside 0-23 / 0-59 gives time null (a known hour with an unknown minute too).
// - State: STATE is the 2-digit state FIPS code.
// - Counts: FATALS. This file has no injury count (injured persons are in the person file),
//   so FARS contributes fatalities only and injuries = 0.
// - Id: ST_CASE is unique within one year's file (state FIPS × 10000 + sequence) and reused
//   across years, so the source id is "YEAR-ST_CASE".

import { stateByFips } from '../../geo/us-states.ts';
import { kept, rejected, type CrashRecord, type ImportReport, type RejectReason, type RowOutcome } from '../record.ts';
import { openCsvTable, type CsvRow } from './csv-table.ts';
import { clockTime, coordinateProblem, isoDate, parseCount } from './fields.ts';
import { tallyRows } from './tally.ts';

const COLUMNS = ['STATE', 'ST_CASE', 'YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'LATITUDE', 'LONGITUD', 'FATALS'];
const UNKNOWN_LATITUDES = new Set([77.7777, 88.8888, 99.9999]);
const UNKNOWN_LONGITUDES = new Set([777.7777, 888.8888, 999.9999]);
const UNKNOWN_DATE_PART = 99;

export async function* importFars(file: string, report: ImportReport): AsyncGenerator<CrashRecord> {
  const table = await openCsvTable(file, { required: () => COLUMNS });
  yield* tallyRows(table.rows, (row) => farsRow(row, report.source), report);
}

export function farsRow({ fields: f, complete }: CsvRow, source: string): RowOutcome {
  const fatalities = parseCount(f.FATALS);
  if (!complete) return rejected('wrong column count', 0, fatalities ?? 0);
  if (fatalities === null) return rejected('invalid count');
  const lost = (reason: RejectReason) => rejected(reason, 0, fatalities);

  const [year, month, day] = [f.YEAR, f.MONTH, f.DAY].map((v) => parseCount(v) ?? -1);
  if (month === UNKNOWN_DATE_PART || day === UNKNOWN_DATE_PART) return lost('unknown date');
  const date = isoDate(year, month, day);
  if (date === null) return lost('invalid date');

  if (UNKNOWN_LATITUDES.has(Number(f.LATITUDE)) || UNKNOWN_LONGITUDES.has(Number(f.LONGITUD))) {
    return lost('unknown coordinates');
  }
  const problem = coordinateProblem(f.LATITUDE, f.LONGITUD);
  if (problem) return lost(problem);

  const state = stateByFips(f.STATE);
  if (state === undefined) return lost('unknown state');
  if (!f.ST_CASE?.trim()) return lost('missing id');

  return kept({
    source,
    sourceId: `${year}-${f.ST_CASE.trim()}`,
    date,
    time: clockTime(parseCount(f.HOUR) ?? -1, parseCount(f.MINUTE) ?? -1),
    latitude: Number(f.LATITUDE),
    longitude: Number(f.LONGITUD),
    state,
    injuries: 0,
    fatalities,
    severity: 'fatal',
  });
}
