// speedate, the date parser inside pydantic-core, re-told in TypeScript: the same accepted forms
// (RFC 3339 with `T`/`t`/`_`/space, optional seconds and fraction, `Z` or ±HH:MM / ±HHMM, unix
// timestamps in seconds or, above 2e10, milliseconds) and the same first error for a bad input,
// because pydantic copies that error's text into its 422 message. It works on UTF-8 bytes, as
// speedate does, so length checks agree for non-ASCII input.

export const SPEEDATE_MESSAGES = {
  TooShort: 'input is too short',
  ExtraCharacters: 'unexpected extra characters at the end of the input',
  InvalidCharDateTimeSep: 'invalid datetime separator, expected `T`, `t`, `_` or space',
  InvalidCharDateSep: 'invalid date separator, expected `-`',
  DateNotExact: 'Timestamp is not an exact date',
  InvalidCharYear: 'invalid character in year',
  InvalidCharMonth: 'invalid character in month',
  InvalidCharDay: 'invalid character in day',
  InvalidCharTimeSep: 'invalid time separator, expected `:`',
  InvalidCharHour: 'invalid character in hour',
  InvalidCharMinute: 'invalid character in minute',
  InvalidCharSecond: 'invalid character in second',
  InvalidCharTzSign: 'invalid timezone sign',
  InvalidCharTzHour: 'invalid timezone hour',
  InvalidCharTzMinute: 'invalid timezone minute',
  OutOfRangeTzMinute: 'timezone minute value is outside expected range of 0-59',
  OutOfRangeTz: 'timezone offset must be less than 24 hours',
  OutOfRangeMonth: 'month value is outside expected range of 1-12',
  OutOfRangeDay: 'day value is outside expected range',
  OutOfRangeHour: 'hour value is outside expected range of 0-23',
  OutOfRangeMinute: 'minute value is outside expected range of 0-59',
  OutOfRangeSecond: 'second value is outside expected range of 0-59',
  SecondFractionMissing: 'second fraction digits missing after `.`',
  DateTooSmall: 'dates before 0000 are not supported as unix timestamps',
  DateTooLarge: 'dates after 9999 are not supported as unix timestamps',
  TimeTooLarge: 'numeric times may not exceed 86,399 seconds',
  NaN: 'NaN values not permitted',
} as const;

export type SpeedateError = keyof typeof SPEEDATE_MESSAGES;

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export interface CivilDateTime extends CivilDate {
  hour: number;
  minute: number;
  second: number;
  microsecond: number;
  /** Seconds east of UTC; null when the input named no zone (timestamps are UTC, offset 0). */
  tzOffset: number | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: SpeedateError };

const fail = (error: SpeedateError): { ok: false; error: SpeedateError } => ({ ok: false, error });
const utf8 = new TextEncoder();

// 2e10: above it a timestamp counts as milliseconds (speedate's MS_WATERSHED).
const MS_WATERSHED = 20_000_000_000;
const UNIX_0000 = -62_167_219_200;
const UNIX_9999 = 253_402_300_799;
const I64_MAX = 9_223_372_036_854_775_807;

const isDigit = (b: number | undefined): b is number => b !== undefined && b >= 0x30 && b <= 0x39;

function digitAt(bytes: Uint8Array, index: number, error: SpeedateError): number | SpeedateError {
  const b = bytes[index];
  return isDigit(b) ? b - 0x30 : error;
}

/** `Date::parse_bytes_partial`: YYYY-MM-DD at the start, anything may follow. */
function parseDatePartial(bytes: Uint8Array): Parsed<CivilDate> {
  if (bytes.length < 10) return fail('TooShort');
  const fields: Array<[number, SpeedateError]> = [
    [0, 'InvalidCharYear'], [1, 'InvalidCharYear'], [2, 'InvalidCharYear'], [3, 'InvalidCharYear'],
    [4, 'InvalidCharDateSep'], [5, 'InvalidCharMonth'], [6, 'InvalidCharMonth'],
    [7, 'InvalidCharDateSep'], [8, 'InvalidCharDay'], [9, 'InvalidCharDay'],
  ];
  const d: number[] = [];
  for (const [index, error] of fields) {
    if (index === 4 || index === 7) {
      if (bytes[index] !== 0x2d) return fail(error);
      continue;
    }
    const digit = digitAt(bytes, index, error);
    if (typeof digit === 'string') return fail(digit);
    d.push(digit);
  }
  const year = d[0] * 1000 + d[1] * 100 + d[2] * 10 + d[3];
  const month = d[4] * 10 + d[5];
  const day = d[6] * 10 + d[7];
  if (month < 1 || month > 12) return fail('OutOfRangeMonth');
  if (day < 1 || day > daysInMonth(year, month)) return fail('OutOfRangeDay');
  return { ok: true, value: { year, month, day } };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

interface PureTime {
  hour: number;
  minute: number;
  second: number;
  microsecond: number;
  position: number;
}

/** `PureTime::parse`: HH:MM[:SS[.ffffff]] from `offset`; digits past the sixth are truncated. */
function parsePureTime(bytes: Uint8Array, offset: number): Parsed<PureTime> {
  if (bytes.length - offset < 5) return fail('TooShort');
  const h1 = digitAt(bytes, offset, 'InvalidCharHour');
  if (typeof h1 === 'string') return fail(h1);
  const h2 = digitAt(bytes, offset + 1, 'InvalidCharHour');
  if (typeof h2 === 'string') return fail(h2);
  if (bytes[offset + 2] !== 0x3a) return fail('InvalidCharTimeSep');
  const m1 = digitAt(bytes, offset + 3, 'InvalidCharMinute');
  if (typeof m1 === 'string') return fail(m1);
  const m2 = digitAt(bytes, offset + 4, 'InvalidCharMinute');
  if (typeof m2 === 'string') return fail(m2);
  const hour = h1 * 10 + h2;
  const minute = m1 * 10 + m2;
  if (hour > 23) return fail('OutOfRangeHour');
  if (minute > 59) return fail('OutOfRangeMinute');
  let length = 5;
  let second = 0;
  let microsecond = 0;
  if (bytes[offset + 5] === 0x3a) {
    const s1 = digitAt(bytes, offset + 6, 'InvalidCharSecond');
    if (typeof s1 === 'string') return fail(s1);
    const s2 = digitAt(bytes, offset + 7, 'InvalidCharSecond');
    if (typeof s2 === 'string') return fail(s2);
    second = s1 * 10 + s2;
    if (second > 59) return fail('OutOfRangeSecond');
    length = 8;
    const sep = bytes[offset + 8];
    if (sep === 0x2e || sep === 0x2c) {
      length = 9;
      let i = 0;
      while (isDigit(bytes[offset + length + i])) {
        if (i < 6) microsecond = microsecond * 10 + (bytes[offset + length + i] - 0x30);
        i += 1;
      }
      if (i === 0) return fail('SecondFractionMissing');
      if (i < 6) microsecond *= 10 ** (6 - i);
      length += i;
    }
  }
  return { ok: true, value: { hour, minute, second, microsecond, position: offset + length } };
}

/** `Time::parse_bytes_offset`: a pure time, then `Z`, `±HH:MM`, `±HHMM` (or U+2212 minus), then nothing. */
function parseTime(bytes: Uint8Array, offset: number): Parsed<Omit<CivilDateTime, keyof CivilDate>> {
  const pure = parsePureTime(bytes, offset);
  if (!pure.ok) return pure;
  let position = pure.value.position;
  let tzOffset: number | null = null;
  const next = bytes[position];
  if (next !== undefined) {
    position += 1;
    if (next === 0x5a || next === 0x7a) {
      tzOffset = 0;
    } else {
      let sign: number;
      if (next === 0x2b) sign = 1;
      else if (next === 0x2d) sign = -1;
      else if (next === 0xe2 && bytes[position] === 0x88 && bytes[position + 1] === 0x92) {
        position += 2;
        sign = -1;
      } else return fail('InvalidCharTzSign');
      const h1 = digitAt(bytes, position, 'InvalidCharTzHour');
      if (typeof h1 === 'string') return fail(h1);
      const h2 = digitAt(bytes, position + 1, 'InvalidCharTzHour');
      if (typeof h2 === 'string') return fail(h2);
      let m1: number;
      const afterHour = bytes[position + 2];
      if (afterHour === 0x3a) {
        position += 3;
        const digit = digitAt(bytes, position, 'InvalidCharTzMinute');
        if (typeof digit === 'string') return fail(digit);
        m1 = digit;
      } else if (isDigit(afterHour)) {
        position += 2;
        m1 = afterHour - 0x30;
      } else return fail('InvalidCharTzMinute');
      const m2 = digitAt(bytes, position + 1, 'InvalidCharTzMinute');
      if (typeof m2 === 'string') return fail(m2);
      const minuteSeconds = m1 * 600 + m2 * 60;
      if (minuteSeconds >= 3600) return fail('OutOfRangeTzMinute');
      const offsetSeconds = sign * (h1 * 36000 + h2 * 3600 + minuteSeconds);
      if (Math.abs(offsetSeconds) >= 24 * 3600) return fail('OutOfRangeTz');
      tzOffset = offsetSeconds;
      position += 2;
    }
  }
  if (bytes.length > position) return fail('ExtraCharacters');
  const { hour, minute, second, microsecond } = pure.value;
  return { ok: true, value: { hour, minute, second, microsecond, tzOffset } };
}

/** `Date::parse_bytes`: exactly YYYY-MM-DD, else an integer timestamp that falls on midnight UTC. */
export function parseDate(input: string): Parsed<CivilDate> {
  const bytes = utf8.encode(input);
  const partial = parseDatePartial(bytes);
  const rfc = partial.ok && bytes.length > 10 ? fail('ExtraCharacters') : partial;
  if (rfc.ok) return rfc;
  const timestamp = parseIntBytes(input);
  if (timestamp === null) return rfc;
  const instant = fromTimestamp(timestamp, 0);
  if (!instant.ok) return instant;
  const { hour, minute, second, microsecond } = instant.value;
  if (hour || minute || second || microsecond) return fail('DateNotExact');
  const { year, month, day } = instant.value;
  return { ok: true, value: { year, month, day } };
}

/** `DateTime::parse_bytes`: RFC 3339 date-time, else a unix timestamp (int or decimal). */
export function parseDateTime(input: string): Parsed<CivilDateTime> {
  const bytes = utf8.encode(input);
  const rfc = parseDateTimeRfc3339(bytes);
  if (rfc.ok) return rfc;
  const number = parseTimestampString(input);
  if (number === null) return rfc;
  return number.integer ? fromTimestamp(number.value, 0) : fromFloatString(number.value);
}

function parseDateTimeRfc3339(bytes: Uint8Array): Parsed<CivilDateTime> {
  const date = parseDatePartial(bytes);
  if (!date.ok) return date;
  const sep = bytes[10];
  if (sep !== 0x54 && sep !== 0x74 && sep !== 0x20 && sep !== 0x5f) return fail('InvalidCharDateTimeSep');
  const time = parseTime(bytes, 11);
  if (!time.ok) return time;
  return { ok: true, value: { ...date.value, ...time.value } };
}

/** speedate's `int_parse_bytes`: optional sign, ASCII digits, within i64. */
function parseIntBytes(s: string): number | null {
  if (!/^[+-]?[0-9]+$/.test(s)) return null;
  const big = BigInt(s);
  if (big > BigInt(I64_MAX) || big < -BigInt(I64_MAX)) return null;
  return Number(big);
}

/** speedate's `float_parse_bytes`: `123`, `-1.25`, `1.`, `.5`; no exponent. */
function parseTimestampString(s: string): { integer: boolean; value: number } | null {
  if (!/^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(s)) return null;
  if (!s.includes('.')) {
    const int = parseIntBytes(s);
    return int === null ? null : { integer: true, value: int };
  }
  return { integer: false, value: Number(s) };
}

/** A decimal timestamp string: scaled from milliseconds when large, split into whole seconds and µs. */
function fromFloatString(value: number): Parsed<CivilDateTime> {
  const normalized = Math.abs(value) > MS_WATERSHED ? value / 1000 : value;
  const seconds = Math.floor(normalized);
  const microsecond = Math.round((normalized - seconds) * 1_000_000);
  return fromTimestamp(seconds, microsecond);
}

/**
 * A JSON number given to a datetime field, as pydantic-core reads it: NaN refused; the whole part
 * floored and read as seconds or (above 2e10) milliseconds; the fraction's absolute value counted
 * in the unit the whole value suggests (µs per second, or per millisecond above 2e10). Hence
 * pydantic's own quirks, kept for fidelity: `-1.25` lands at -1.75 s, and `20000000000.1` at
 * 2603-10-11T11:33:20.000100.
 */
export function dateTimeFromNumber(value: number): Parsed<CivilDateTime> {
  if (Number.isNaN(value)) return fail('NaN');
  if (Number.isInteger(value)) return fromTimestamp(clampI64(value), 0);
  if (!Number.isFinite(value)) return fail(value > 0 ? 'DateTooLarge' : 'DateTooSmall');
  const perUnit = Math.abs(value) > MS_WATERSHED ? 1000 : 1_000_000;
  const fraction = Math.abs(value - Math.trunc(value));
  return fromTimestamp(clampI64(Math.floor(value)), Math.round(fraction * perUnit));
}

const clampI64 = (n: number): number => Math.max(-I64_MAX, Math.min(I64_MAX, n));

/** `DateTime::from_timestamp_with_config` with a UTC offset of 0, as pydantic configures it. */
function fromTimestamp(timestamp: number, microsecondIn: number): Parsed<CivilDateTime> {
  let seconds = timestamp;
  let extraMicro = 0;
  if (Math.abs(timestamp) > MS_WATERSHED) {
    seconds = Math.trunc(timestamp / 1000);
    extraMicro = (timestamp - seconds * 1000) * 1000;
    if (extraMicro < 0) {
      seconds -= 1;
      extraMicro += 1_000_000;
    }
  }
  let microsecond = microsecondIn + extraMicro;
  if (microsecond >= 1_000_000) {
    seconds += Math.floor(microsecond / 1_000_000);
    microsecond %= 1_000_000;
  }
  if (seconds < UNIX_0000) return fail('DateTooSmall');
  if (seconds > UNIX_9999) return fail('DateTooLarge');
  const days = Math.floor(seconds / 86_400);
  const secondOfDay = seconds - days * 86_400;
  const { year, month, day } = civilFromDays(days);
  return {
    ok: true,
    value: {
      year,
      month,
      day,
      hour: Math.floor(secondOfDay / 3600),
      minute: Math.floor((secondOfDay % 3600) / 60),
      second: secondOfDay % 60,
      microsecond,
      tzOffset: 0,
    },
  };
}

// Howard Hinnant's days <-> civil algorithms (proleptic Gregorian, day 0 = 1970-01-01).
export function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function daysFromCivil({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}
