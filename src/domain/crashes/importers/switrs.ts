// California SWITRS collisions as exported by UC Berkeley TIMS (Collisions.csv). Two layouts
// occur, told apart by the id column (both checked against the files in shared/data):
// - "tims" (Oakland 2013-2014, TIMS map export; CR-only line endings): CASEID, DATE_ as M/D/YY
//   with the century from YEAR_, TIME_ as HMM, KILLED, INJURED, CRASHSEV, POINT_X/POINT_Y.
// - "switrs" (San Francisco 2018, the raw SWITRS layout): CASE_ID, COLLISION_DATE as
//   YYYY-MM-DD, COLLISION_TIME as HHMM, NUMBER_KILLED, NUMBER_INJURED, COLLISION_SEVERITY,
//   POINT_X/POINT_Y and LATITUDE/LONGITUDE.
// Location: POINT_Y (lat) / POINT_X (lon), TIMS's geocode; 0 or empty means not geocoded. When
// POINT is unusable, LATITUDE/LONGITUDE (the officer's reading, only in the raw layout) is used:
// where both exist in the SF file they agree within 5 m (median) and 131 m (99th percentile).
// The TIMS layout's X_CHP/Y_CHP are NOT used: against POINT they differ by 387 m median and
// 35 km at the 75th percentile.
// Time 2500 = unknown (SWITRS codebook). Severity (SWITRS codebook): 1 fatal, 2 severe injury,
// 3 other visible injury, 4 complaint of pain, 0 property damage only. State: CA.

import {
  kept,
  rejected,
  severityFromCounts,
  type CrashRecord,
  type ImportReport,
  type RejectReason,
  type RowOutcome,
  type Severity,
} from '../record.ts';
import { openCsvTable, type CsvRow } from './csv-table.ts';
import { clockTime, coordinateProblem, isoDate, parseCount, parseIsoDate, parseUsDate } from './fields.ts';
import { tallyRows } from './tally.ts';

interface Layout {
  id: string;
  date: string;
  time: string;
  killed: string;
  injured: string;
  severity: string;
  year: string;
}

const TIMS: Layout = {
  id: 'CASEID',
  date: 'DATE_',
  time: 'TIME_',
  killed: 'KILLED',
  injured: 'INJURED',
  severity: 'CRASHSEV',
  year: 'YEAR_',
};
const SWITRS: Layout = {
  id: 'CASE_ID',
  date: 'COLLISION_DATE',
  time: 'COLLISION_TIME',
  killed: 'NUMBER_KILLED',
  injured: 'NUMBER_INJURED',
  severity: 'COLLISION_SEVERITY',
  year: 'ACCIDENT_YEAR',
};

const SEVERITY_CODES: Record<string, Severity> = {
  '1': 'fatal',
  '2': 'serious-injury',
  '3': 'injury',
  '4': 'injury',
  '0': 'property-damage',
};

export async function* importSwitrs(file: string, report: ImportReport): AsyncGenerator<CrashRecord> {
  const table = await openCsvTable(file, {
    normalize: (name) => name.trim().toUpperCase(),
    required: (header) => requiredColumns(layoutOf(header)),
  });
  const layout = layoutOf(table.header);
  yield* tallyRows(table.rows, (row) => switrsRow(row, layout, report.source), report);
}

function layoutOf(header: readonly string[]): Layout {
  return header.includes(TIMS.id) ? TIMS : SWITRS;
}

function requiredColumns(layout: Layout): string[] {
  return [layout.id, layout.date, layout.time, layout.killed, layout.injured, 'POINT_X', 'POINT_Y'];
}

function switrsRow({ fields: f, complete }: CsvRow, layout: Layout, source: string): RowOutcome {
  const injuries = parseCount(f[layout.injured]);
  const fatalities = parseCount(f[layout.killed]);
  if (!complete) return rejected('wrong column count', injuries ?? 0, fatalities ?? 0);
  if (injuries === null || fatalities === null) return rejected('invalid count', injuries ?? 0, fatalities ?? 0);
  const lost = (reason: RejectReason) => rejected(reason, injuries, fatalities);
  if (!f[layout.id]?.trim()) return lost('missing id');

  if (!f[layout.date]?.trim()) return lost('missing date');
  const date = switrsDate(f[layout.date], f[layout.year]);
  if (date === null) return lost('invalid date');

  const point = switrsPoint(f);
  if ('problem' in point) return lost(point.problem);

  return kept({
    source,
    sourceId: f[layout.id].trim(),
    date,
    time: hhmmTime(f[layout.time]),
    ...point,
    state: 'CA',
    injuries,
    fatalities,
    severity: fatalities > 0 ? 'fatal' : severityOf(f[layout.severity], injuries),
  });
}

/** The collision severity code; counts decide when the code is absent or unknown. */
function severityOf(code: string | undefined, injuries: number): Severity {
  return SEVERITY_CODES[code?.trim() ?? ''] ?? severityFromCounts(injuries, 0);
}

/** YYYY-MM-DD, M/D/YYYY, or M/D/YY whose century comes from the year column. */
export function switrsDate(text: string, yearText: string | undefined): string | null {
  const iso = parseIsoDate(text) ?? parseUsDate(text);
  if (iso !== null) return iso;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(text.trim());
  const year = parseCount(yearText);
  if (!m || year === null || year % 100 !== Number(m[3])) return null;
  return isoDate(year, Number(m[1]), Number(m[2]));
}

/** HMM / HHMM as an integer ("240" = 02:40); 2500 and anything not a clock time → null. */
export function hhmmTime(text: string | undefined): string | null {
  const n = parseCount(text);
  return n === null ? null : clockTime(Math.floor(n / 100), n % 100);
}

type PointOrProblem = { latitude: number; longitude: number } | { problem: RejectReason };

function switrsPoint(f: Record<string, string>): PointOrProblem {
  const problem = coordinateProblem(f.POINT_Y, f.POINT_X);
  if (problem === null) return { latitude: Number(f.POINT_Y), longitude: Number(f.POINT_X) };
  if (coordinateProblem(f.LATITUDE, f.LONGITUDE) === null) {
    return { latitude: Number(f.LATITUDE), longitude: Number(f.LONGITUDE) };
  }
  return { problem };
}
