// pydantic's lax `datetime` and roadrisk's `date` fields on top of the speedate emulation, plus the
// helpers the domain uses to read a validated value the way pydantic would have.
import type { Checked } from './scalars.ts';
import {
  dateTimeFromNumber,
  daysFromCivil,
  parseDate,
  parseDateTime,
  SPEEDATE_MESSAGES,
  type CivilDate,
  type CivilDateTime,
  type Parsed,
} from './speedate.ts';

const YEAR_ZERO = 'year 0 is out of range';

const withError = (type: string, prefix: string, error: string): Checked => ({
  ok: false,
  issue: { type, msg: `${prefix}, ${error}`, ctx: { error } },
});

/** What a JSON value means to pydantic's datetime validator, or why it is refused. */
function readDateTime(input: unknown): { ok: true; value: CivilDateTime } | { ok: false; result: Checked } {
  if (typeof input === 'string') {
    const dt = parseDateTime(input);
    if (dt.ok) return { ok: true, value: dt.value };
    // Lax mode then tries a bare date at midnight; if that fails too, the *date* parser's error
    // is the one reported (pydantic-core's `datetime_from_date`).
    const date = parseDate(input);
    if (!date.ok) {
      const error = SPEEDATE_MESSAGES[date.error];
      return { ok: false, result: withError('datetime_from_date_parsing', 'Input should be a valid datetime or date', error) };
    }
    return { ok: true, value: { ...date.value, hour: 0, minute: 0, second: 0, microsecond: 0, tzOffset: null } };
  }
  if (typeof input === 'number') {
    const dt = dateTimeFromNumber(input);
    if (dt.ok) return { ok: true, value: dt.value };
    return { ok: false, result: withError('datetime_parsing', 'Input should be a valid datetime', SPEEDATE_MESSAGES[dt.error]) };
  }
  return { ok: false, result: { ok: false, issue: { type: 'datetime_type', msg: 'Input should be a valid datetime' } } };
}

/**
 * `datetime` in lax mode: RFC 3339 date-times, a bare date (midnight), unix timestamps as numbers
 * or numeric strings. The value passed on stays the input as received; `parseDateTimeLax` reads it.
 */
export function checkDateTime(input: unknown): Checked {
  const read = readDateTime(input);
  if (!read.ok) return read.result;
  // Python's datetime has no year 0; pydantic reports the constructor's complaint.
  if (read.value.year === 0) return withError('datetime_parsing', 'Input should be a valid datetime', YEAR_ZERO);
  return { ok: true, value: input };
}

/**
 * `date`, with roadrisk's rule (decisions §6): `YYYY-MM-DD`, or a date-time whose date part is used.
 * pydantic would refuse a non-midnight date-time (`date_from_datetime_inexact`); roadrisk accepts
 * it. Other errors are pydantic's: when the string is no date, the *datetime* parser's error is
 * reported (`date_from_datetime`).
 */
export function checkDate(input: unknown): Checked {
  let parsed: Parsed<CivilDate>;
  if (typeof input === 'string') {
    const date = parseDate(input);
    parsed = date.ok ? date : parseDateTime(input);
  } else if (typeof input === 'number') parsed = dateTimeFromNumber(input);
  else return { ok: false, issue: { type: 'date_type', msg: 'Input should be a valid date' } };
  if (!parsed.ok) {
    return withError('date_from_datetime_parsing', 'Input should be a valid date or datetime', SPEEDATE_MESSAGES[parsed.error]);
  }
  // Python's date has no year 0; pydantic reports the constructor's complaint.
  if (parsed.value.year === 0) {
    return withError('date_parsing', 'Input should be a valid date in the format YYYY-MM-DD', YEAR_ZERO);
  }
  return { ok: true, value: input };
}

function orThrow<T>(parsed: Parsed<T>, input: unknown): T {
  if (!parsed.ok) throw new TypeError(`not a valid date-time: ${String(input)}`);
  return parsed.value;
}

/**
 * The instant pydantic would read from a validated date-time value. A value without a zone is UTC
 * (decisions §5); a bare date is midnight UTC; numbers are unix seconds (milliseconds above 2e10).
 * Sub-millisecond digits are dropped (JS dates hold milliseconds). Throws on an invalid value.
 */
export function parseDateTimeLax(value: string | number): Date {
  const read = readDateTime(value);
  if (!read.ok) throw new TypeError(`not a valid date-time: ${String(value)}`);
  const dt = read.value;
  const days = daysFromCivil(dt);
  const seconds = days * 86_400 + dt.hour * 3600 + dt.minute * 60 + dt.second - (dt.tzOffset ?? 0);
  return new Date(seconds * 1000 + Math.floor(dt.microsecond / 1000));
}

/**
 * The calendar date (`YYYY-MM-DD`) of a validated date value: the date itself, or the date part of
 * a date-time as written (its own offset, not converted), or the UTC date of a timestamp.
 */
export function datePart(value: string | number): string {
  let civil: CivilDate;
  if (typeof value === 'number') civil = orThrow(dateTimeFromNumber(value), value);
  else {
    const date = parseDate(value);
    civil = date.ok ? date.value : orThrow(parseDateTime(value), value);
  }
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(civil.year, 4)}-${pad(civil.month, 2)}-${pad(civil.day, 2)}`;
}
