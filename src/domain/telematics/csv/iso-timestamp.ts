// Strict ISO 8601 date-times parsed straight from bytes into epoch milliseconds (UTC).
// Why not Date.parse: with the string it needs per value it costs ~2.2 s per GB of telematics
// CSV (bench/telematics/builtin-cost.ts), and it is too lenient: V8 takes 2024-02-30 and 24:00.
//
// Accepted (decision, see README.md here):
//   YYYY-MM-DD<sep>HH:MM[:SS[.F]][zone]
//   sep  `T`, `t` or a space (RFC 3339 §5.6 allows the space; spreadsheets and SQL exports write
//        it). pydantic's `_` is not accepted: no exporter writes it and the spec says strict.
//   F    1 to 9 digits; kept to the millisecond by truncation, as JavaScript dates do.
//   zone `Z`, `z`, `±HH:MM` or `±HHMM`; none means UTC (decisions §7).
// Calendar checked: year 0001-9999, month 01-12, day within the month (leap years), hour 00-23,
// minute and second 00-59. A leap second (`:60`) is rejected, so every accepted value is one
// that Python's datetime and JavaScript's Date can hold (both refuse second 60).

/** Failure codes, negative so they share the return value with an end index. */
export const TimestampFailure = {
  format: -1,
  dateOnly: -2,
  year: -3,
  month: -4,
  day: -5,
  hour: -6,
  minute: -7,
  second: -8,
  zone: -9,
} as const;

const FAILURE_TEXT: Record<number, string> = {
  [TimestampFailure.format]: 'expected YYYY-MM-DDTHH:MM[:SS[.fraction]] with an optional zone (Z or ±HH:MM)',
  [TimestampFailure.dateOnly]: 'a date without a time of day',
  [TimestampFailure.year]: 'year 0000 does not exist',
  [TimestampFailure.month]: 'month must be 01-12',
  [TimestampFailure.day]: 'day does not exist in that month',
  [TimestampFailure.hour]: 'hour must be 00-23',
  [TimestampFailure.minute]: 'minute must be 00-59',
  [TimestampFailure.second]: 'second must be 00-59 (leap seconds are not accepted)',
  [TimestampFailure.zone]: 'zone offset must be Z, ±HH:MM or ±HHMM with hours 00-23 and minutes 00-59',
};

export function describeTimestampFailure(code: number): string {
  return FAILURE_TEXT[code] ?? FAILURE_TEXT[TimestampFailure.format];
}

const MS_PER_DAY = 86_400_000;
const MAX_FRACTION_DIGITS = 9;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant, "days_from_civil"). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export interface ParsedInstant {
  value: number;
  /** Last date seen (YYYYMMDD) and its epoch ms: rows of one file share few dates. */
  dateKey: number;
  dateMs: number;
}

export function newParsedInstant(): ParsedInstant {
  return { value: 0, dateKey: -1, dateMs: 0 };
}

/**
 * Parses a date-time at `start`. Returns the index after it (the caller checks the terminator)
 * or a negative TimestampFailure code.
 *
 * Written flat, without helpers or imported constants, because it runs inside the scanner's hot
 * loop and V8 would not inline it otherwise (see row-scanner.ts). Every byte of the fixed part
 * is checked, so a line feed anywhere in it fails the parse; bytes past the end read as
 * `undefined`, and `undefined - 48` is NaN, which fails every range test below.
 */
export function parseIsoTimestamp(bytes: Uint8Array, start: number, out: ParsedInstant): number {
  const p = start;
  const y0 = bytes[p] - 48, y1 = bytes[p + 1] - 48, y2 = bytes[p + 2] - 48, y3 = bytes[p + 3] - 48;
  const m0 = bytes[p + 5] - 48, m1 = bytes[p + 6] - 48;
  const d0 = bytes[p + 8] - 48, d1 = bytes[p + 9] - 48;
  if (
    !(y0 >= 0 && y0 <= 9 && y1 >= 0 && y1 <= 9 && y2 >= 0 && y2 <= 9 && y3 >= 0 && y3 <= 9) ||
    !(m0 >= 0 && m0 <= 9 && m1 >= 0 && m1 <= 9 && d0 >= 0 && d0 <= 9 && d1 >= 0 && d1 <= 9) ||
    bytes[p + 4] !== 45 || // -
    bytes[p + 7] !== 45
  ) {
    return TimestampFailure.format;
  }
  const separator = bytes[p + 10];
  if (separator !== 84 && separator !== 116 && separator !== 32) {
    // T, t or space; a value that stops after the date (`,` line feed, CR) has no time at all.
    return separator === 44 || separator === 10 || separator === 13 ? TimestampFailure.dateOnly : TimestampFailure.format;
  }
  const h0 = bytes[p + 11] - 48, h1 = bytes[p + 12] - 48, i0 = bytes[p + 14] - 48, i1 = bytes[p + 15] - 48;
  if (!(h0 >= 0 && h0 <= 9 && h1 >= 0 && h1 <= 9 && i0 >= 0 && i0 <= 9 && i1 >= 0 && i1 <= 9) || bytes[p + 13] !== 58) {
    return TimestampFailure.format;
  }
  let q = p + 16;
  let second = 0;
  let millis = 0;
  if (bytes[q] === 58) {
    const s0 = bytes[q + 1] - 48, s1 = bytes[q + 2] - 48;
    if (!(s0 >= 0 && s0 <= 9 && s1 >= 0 && s1 <= 9)) return TimestampFailure.format;
    second = s0 * 10 + s1;
    q += 3;
    if (bytes[q] === 46) {
      // Fraction: up to 9 digits, kept to the millisecond by truncation.
      const first = ++q;
      let digit = bytes[q] - 48;
      while (digit >= 0 && digit <= 9) {
        if (q - first < 3) millis = millis * 10 + digit;
        digit = bytes[++q] - 48;
      }
      const count = q - first;
      if (count === 0 || count > MAX_FRACTION_DIGITS) return TimestampFailure.format;
      if (count === 1) millis *= 100;
      else if (count === 2) millis *= 10;
    }
  }
  let offsetMinutes = 0;
  const zone = bytes[q];
  if (zone === 90 || zone === 122) {
    q++; // Z or z
  } else if (zone === 43 || zone === 45) {
    // +HH:MM or +HHMM
    const zh0 = bytes[q + 1] - 48, zh1 = bytes[q + 2] - 48;
    if (!(zh0 >= 0 && zh0 <= 9 && zh1 >= 0 && zh1 <= 9)) return TimestampFailure.zone;
    q += 3;
    if (bytes[q] === 58) q++;
    const zm0 = bytes[q] - 48, zm1 = bytes[q + 1] - 48;
    if (!(zm0 >= 0 && zm0 <= 9 && zm1 >= 0 && zm1 <= 9)) return TimestampFailure.zone;
    q += 2;
    const zoneHour = zh0 * 10 + zh1;
    const zoneMinute = zm0 * 10 + zm1;
    if (zoneHour > 23 || zoneMinute > 59) return TimestampFailure.zone;
    offsetMinutes = zone === 45 ? -(zoneHour * 60 + zoneMinute) : zoneHour * 60 + zoneMinute;
  }
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  const dateKey = (year * 100 + month) * 100 + day;
  if (dateKey !== out.dateKey) {
    if (year === 0) return TimestampFailure.year;
    if (month < 1 || month > 12) return TimestampFailure.month;
    if (day < 1 || day > daysInMonth(year, month)) return TimestampFailure.day;
    out.dateKey = dateKey;
    out.dateMs = daysFromCivil(year, month, day) * MS_PER_DAY;
  }
  const hour = h0 * 10 + h1;
  const minute = i0 * 10 + i1;
  if (hour > 23) return TimestampFailure.hour;
  if (minute > 59) return TimestampFailure.minute;
  if (second > 59) return TimestampFailure.second;
  out.value = out.dateMs + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + millis;
  return q;
}
