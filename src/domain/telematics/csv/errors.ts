// Errors raised while validating an uploaded telematics CSV.
// The HTTP layer answers a TelematicsCsvError with a 422 `value_error` on ["body", "file"] whose
// message is `error.message`, and an UploadTooLargeError with a 413 (decisions §2, §7).

/** Closed set of CSV rules a file can break; the id is stable, the message is for people. */
export type TelematicsCsvRule =
  | 'empty_file' // no header at all
  | 'no_data_rows' // a header but no data row
  | 'encoding' // not UTF-8 (UTF-16 byte order mark, invalid bytes in a header or vehicle id)
  | 'missing_column' // header lacks latitude, longitude or timestamp
  | 'duplicate_column' // a column we read appears twice in the header
  | 'csv_syntax' // quoting or line-ending error (RFC 4180)
  | 'field_count' // a row with more or fewer values than the header has columns
  | 'row_too_long' // one record above the row size limit (keeps memory bounded)
  | 'missing_value' // empty, null or NaN in a required column
  | 'invalid_number' // latitude or longitude is not a plain decimal number
  | 'latitude_range' // outside [-90, 90]
  | 'longitude_range' // outside [-180, 180]
  | 'invalid_timestamp' // not a strict ISO 8601 date and time, or not a real calendar instant
  | 'vehicle_id_too_long'
  | 'too_many_vehicles';

export class TelematicsCsvError extends Error {
  override readonly name = 'TelematicsCsvError';
  constructor(
    readonly rule: TelematicsCsvRule,
    /** 1-based physical line of the file; the header is line 1 unless blank lines precede it. */
    readonly line: number,
    /** Header name of the column at fault, or null for errors about a whole row or the file. */
    readonly column: string | null,
    /** What is wrong, without the location prefix. */
    readonly problem: string,
  ) {
    super(`line ${line}${column === null ? '' : `, column ${JSON.stringify(column)}`}: ${problem}`);
  }
}

export class UploadTooLargeError extends Error {
  override readonly name = 'UploadTooLargeError';
  constructor(readonly limitBytes: number) {
    // Same wording as the 413 body of decisions §2.
    super(`File too large: limit is ${limitBytes} bytes`);
  }
}

const SHOWN_VALUE_CHARS = 40;

/** Quotes a value for a message, cut short so a 1 MB field cannot flood a response. */
export function quoteValue(text: string): string {
  const cut = text.length > SHOWN_VALUE_CHARS ? `${text.slice(0, SHOWN_VALUE_CHARS)}…` : text;
  return JSON.stringify(cut);
}
