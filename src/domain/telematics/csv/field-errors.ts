// Builds the error for a bad value once the scanner has found one. Cold code: it may allocate.
// One place decides between "missing", "not a number", "out of range" and "not a timestamp",
// so the in-place scanner and the quoted-row path always report a value the same way.
import { decodeForMessage } from './ascii.ts';
import { TelematicsCsvError, quoteValue } from './errors.ts';
import { ColumnRole } from './header.ts';
import { describeTimestampFailure } from './iso-timestamp.ts';

export const LATITUDE_RANGE = [-90, 90] as const;
export const LONGITUDE_RANGE = [-180, 180] as const;

/** Trimmed text of a value, for classification and messages. */
export function valueText(bytes: Uint8Array): string {
  return decodeForMessage(bytes).replace(/^[ \t]+|[ \t]+$/g, '');
}

/** Empty, `null` or `NaN` (any case) stands for a missing value (decisions §7). */
export function isMissingText(text: string): boolean {
  const lower = text.toLowerCase();
  return text === '' || lower === 'null' || lower === 'nan';
}

/**
 * The error for a value of a required column that did not parse. `timestampFailure` is the
 * parser's code when the column is the timestamp.
 */
export function invalidValueError(role: ColumnRole, column: string, line: number, text: string, timestampFailure = -1): TelematicsCsvError {
  if (isMissingText(text)) {
    const problem = text === '' ? 'a required value is empty' : `a required value is missing (${quoteValue(text)})`;
    return new TelematicsCsvError('missing_value', line, column, problem);
  }
  if (role === ColumnRole.timestamp) {
    const why = describeTimestampFailure(timestampFailure);
    return new TelematicsCsvError('invalid_timestamp', line, column, `value ${quoteValue(text)} is not an ISO 8601 date and time: ${why}`);
  }
  return new TelematicsCsvError('invalid_number', line, column, `value ${quoteValue(text)} is not a decimal number`);
}

export function rangeError(role: ColumnRole, column: string, line: number, text: string): TelematicsCsvError {
  const [low, high] = role === ColumnRole.latitude ? LATITUDE_RANGE : LONGITUDE_RANGE;
  const rule = role === ColumnRole.latitude ? 'latitude_range' : 'longitude_range';
  return new TelematicsCsvError(rule, line, column, `value ${quoteValue(text)} is outside [${low}, ${high}]`);
}

export function tooFewValuesError(line: number, found: number, expected: number): TelematicsCsvError {
  const noun = found === 1 ? 'value' : 'values';
  return new TelematicsCsvError('field_count', line, null, `the row has ${found} ${noun}, the header has ${expected} columns`);
}

export function tooManyValuesError(line: number, expected: number): TelematicsCsvError {
  return new TelematicsCsvError('field_count', line, null, `the row has more values than the header's ${expected} columns`);
}
