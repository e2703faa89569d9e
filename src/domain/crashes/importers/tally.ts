// Turns rows into records while filling the import report: every row read is either kept or
// counted under one reject reason (decisions.md §9: "counted and reported, never silently
// dropped"). A source id seen twice in one file is rejected so (source, sourceId) stays a key
// and re-importing a file cannot double count.

import type { CrashRecord, ImportReport, RowOutcome } from '../record.ts';

export async function* tallyRows<Row>(
  rows: AsyncIterable<Row>,
  toOutcome: (row: Row) => RowOutcome,
  report: ImportReport,
): AsyncGenerator<CrashRecord> {
  const seenIds = new Set<string>();
  for await (const row of rows) {
    report.rowsRead++;
    let outcome = toOutcome(row);
    if (outcome.kind === 'kept' && seenIds.has(outcome.record.sourceId)) {
      const { injuries, fatalities } = outcome.record;
      outcome = { kind: 'rejected', reason: 'duplicate id', injuries, fatalities };
    }
    if (outcome.kind === 'kept') {
      seenIds.add(outcome.record.sourceId);
      report.rowsKept++;
      report.fatalitiesKept += outcome.record.fatalities;
      report.injuriesKept += outcome.record.injuries;
      if (outcome.record.time === null) report.keptWithoutTime++;
      yield outcome.record;
    } else {
      report.rowsRejected++;
      report.rejectedByReason[outcome.reason] = (report.rejectedByReason[outcome.reason] ?? 0) + 1;
      report.fatalitiesRejected += outcome.fatalities;
      report.injuriesRejected += outcome.injuries;
    }
  }
}
