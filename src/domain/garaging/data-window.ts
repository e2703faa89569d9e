// Which crash records a score may use: decisions.md §5 — "the most recent years of data on or before
// the effective date (at most five years)" and "no crash record dated after it is used".
//
// Day rule: crash records carry a local calendar date and no reliable instant, so a record dated
// on the effective date's own (UTC) calendar day is not known to precede the effective instant.
// The last usable day is therefore the day before it: effective 2015-01-01T00:00Z uses records
// dated up to 2014-12-31, i.e. 2013-2014 only, which is what a backtest at 2015-01-01 means.
// Years: the most recent MAX_YEARS calendar years, among those the source covers for the state,
// that start on or before the last usable day; the current year counts with its elapsed days only
// (exposure is measured in days, so a partial year is not mistaken for a quiet one).

export const MAX_YEARS = 5;
const DAY_MS = 86_400_000;
/** Mean Gregorian year, to turn days of data into years of exposure. */
export const DAYS_PER_YEAR = 365.2425;

export interface DayRange {
  /** Days since 1970-01-01, inclusive. */
  from: number;
  to: number;
}

export interface DataWindow {
  /** Calendar years used, ascending. */
  years: number[];
  /** The days used, as merged inclusive ranges (one per run of consecutive years). */
  ranges: DayRange[];
  /** Days of data in the window, in years. */
  exposureYears: number;
  /** Identifies the window for caches: equal keys, equal windows. */
  key: string;
}

/** Days since 1970-01-01 of a calendar date. */
export function dayOf(year: number, month = 1, day = 1): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** Last crash date (days since 1970-01-01) a score with this effective instant may use. */
export function lastUsableDay(effective: Date): number {
  return Math.floor(effective.getTime() / DAY_MS) - 1;
}

/** The calendar year of a day number. */
export function yearOfDay(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** ISO date (YYYY-MM-DD) of a day number. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The window for a source covering `coveredYears` (for one state), or null when it has no data on
 * or before `lastDay`.
 */
export function dataWindow(coveredYears: readonly number[], lastDay: number, maxYears = MAX_YEARS): DataWindow | null {
  const years = [...new Set(coveredYears)]
    .filter((y) => dayOf(y) <= lastDay)
    .sort((a, b) => a - b)
    .slice(-maxYears);
  if (years.length === 0) return null;
  const ranges: DayRange[] = [];
  for (const y of years) {
    const range = { from: dayOf(y), to: Math.min(dayOf(y + 1) - 1, lastDay) };
    const last = ranges[ranges.length - 1];
    if (last && last.to + 1 === range.from) last.to = range.to;
    else ranges.push(range);
  }
  const days = ranges.reduce((sum, r) => sum + r.to - r.from + 1, 0);
  const key = ranges.map((r) => `${r.from}-${r.to}`).join(',');
  return { years, ranges, exposureYears: days / DAYS_PER_YEAR, key };
}
