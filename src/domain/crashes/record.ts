// The normalized crash record every importer produces, and the report an import fills.
// One record is one crash (not one person or vehicle), as every source here counts them.

/** Most to least severe; the order matters when two sources' records of one crash merge. */
export const SEVERITIES = ['fatal', 'serious-injury', 'injury', 'property-damage', 'unknown'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The public formats of decisions.md §9, plus the project's own plain CSV. */
export const CRASH_FORMATS = ['fars', 'nyc', 'switrs', 'indiana', 'roadrisk'] as const;
export type CrashFormat = (typeof CRASH_FORMATS)[number];

/** Identifies one crash in one source. */
export interface CrashRef {
  source: string;
  sourceId: string;
}

export interface CrashRecord extends CrashRef {
  /** YYYY-MM-DD, the crash's local date (decisions.md §6 filters on it). */
  date: string;
  /** HH:MM local, null when the source leaves it unknown. */
  time: string | null;
  latitude: number;
  longitude: number;
  /** USPS code of the 51 USState jurisdictions. */
  state: string;
  /** A lower bound: some sources do not count injuries (FARS) or only flag them (Indiana). */
  injuries: number;
  fatalities: number;
  severity: Severity;
  /** Set by dedupe: the same crash as recorded by other sources, merged into this record. */
  alsoReportedBy?: readonly CrashRef[];
}

/** Closed set of reasons a source row is not imported (decisions.md §9: counted, never silent). */
export const REJECT_REASONS = [
  'wrong column count',
  'duplicate id',
  'missing id',
  'missing date',
  'unknown date',
  'invalid date',
  'invalid time',
  'missing coordinates',
  'zero coordinates',
  'unknown coordinates',
  'invalid coordinates',
  'unknown state',
  'outside the US',
  'invalid count',
  'unknown severity',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export interface ImportReport {
  format: CrashFormat;
  file: string;
  source: string;
  rowsRead: number;
  rowsKept: number;
  rowsRejected: number;
  rejectedByReason: Partial<Record<RejectReason, number>>;
  /**
   * Counts carried by kept and rejected rows (rejected rows: where their count columns still
   * parse), so a file's totals can be checked against its publisher's and the loss is visible.
   */
  fatalitiesKept: number;
  fatalitiesRejected: number;
  injuriesKept: number;
  injuriesRejected: number;
  /** Kept rows whose time of day the source leaves unknown (time = null). */
  keptWithoutTime: number;
}

export function newImportReport(format: CrashFormat, file: string, source: string): ImportReport {
  return {
    format,
    file,
    source,
    rowsRead: 0,
    rowsKept: 0,
    rowsRejected: 0,
    rejectedByReason: {},
    fatalitiesKept: 0,
    fatalitiesRejected: 0,
    injuriesKept: 0,
    injuriesRejected: 0,
    keptWithoutTime: 0,
  };
}

/** What one source row becomes: a record, or a reject with whatever counts it carried. */
export type RowOutcome =
  | { kind: 'kept'; record: CrashRecord }
  | { kind: 'rejected'; reason: RejectReason; injuries: number; fatalities: number };

export function rejected(reason: RejectReason, injuries = 0, fatalities = 0): RowOutcome {
  return { kind: 'rejected', reason, injuries, fatalities };
}

export function kept(record: CrashRecord): RowOutcome {
  return { kind: 'kept', record };
}

/** The year of a record's local date. */
export function yearOf(record: Pick<CrashRecord, 'date'>): number {
  return Number(record.date.slice(0, 4));
}

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** For sources that report counts but no severity class: no count → property damage only. */
export function severityFromCounts(injuries: number, fatalities: number): Severity {
  if (fatalities > 0) return 'fatal';
  if (injuries > 0) return 'injury';
  return 'property-damage';
}
