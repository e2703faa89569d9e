// The hot loop: validates and converts data rows in place, byte by byte, in one pass.
//
// Why hand-written rather than a CSV library (engineering guide: justify with a benchmark): on
// the same 1 GB file and the same job (validate, convert, group by vehicle, write), udsv runs at
// 94 MB/s, papaparse at 57 and csv-parse at 20, because each builds a string per field and then
// needs Number() and Date.parse() (~4 s per GB by themselves); this converter parses numbers and
// timestamps from the bytes while it finds the field ends and runs at ~360 MB/s, 3.8x udsv, in
// less memory (bench/telematics/RESULTS.md, with the machine). Correctness is pinned by
// property tests against csv-parse + Number + Date.parse on random files.
//
// Only rows that end with a line feed inside the buffer are scanned, so every parser stops at
// that line feed and needs no bounds checks. A row with a quote at the start of a field goes
// to the general record reader (quoted-row.ts) and may span lines and chunks.
import { COMMA, CR, LF, QUOTE } from './ascii.ts';
import { parseDecimal } from './decimal.ts';
import { invalidValueError, rangeError, tooFewValuesError, tooManyValuesError, valueText } from './field-errors.ts';
import { ColumnRole, type HeaderLayout } from './header.ts';
import { newParsedInstant, parseIsoTimestamp } from './iso-timestamp.ts';
import { convertRecord } from './quoted-row.ts';
import { readRecord } from './record-reader.ts';
import { TelematicsCsvError } from './errors.ts';
import type { PointStage } from './track-writer.ts';
import type { VehicleIdTable } from './vehicle-ids.ts';

export class RowScanner {
  /** Physical line of the next row. */
  line: number;
  private readonly parsed = { value: 0 };
  private readonly instant = newParsedInstant();
  private readonly defaultVehicle: number;
  private readonly columnName = (index: number): string | null => this.layout.names[index] ?? null;

  constructor(
    private readonly layout: HeaderLayout,
    private readonly stage: PointStage,
    private readonly ids: VehicleIdTable,
    firstLine: number,
  ) {
    this.line = firstLine;
    this.defaultVehicle = layout.hasVehicleId ? -1 : ids.defaultIndex(firstLine);
  }

  /**
   * Converts complete rows of bytes[start, end) into the stage. Returns the index where it
   * stopped: `end`, the start of a row not complete yet, or earlier when the stage is full.
   * With `final`, the input must end with a line feed.
   */
  scan(bytes: Uint8Array, start: number, end: number, final: boolean): number {
    // Function-local copies: V8 folds these into the machine code; imported bindings and
    // object properties would be loaded again on every byte (about 1.5x slower, measured).
    const LF = 10, CR = 13, TAB = 9, SPACE = 32, QUOTE = 34, COMMA = 44;
    const IGNORED = ColumnRole.ignored, VEHICLE_ID = ColumnRole.vehicleId;
    const TIMESTAMP = ColumnRole.timestamp, LATITUDE = ColumnRole.latitude;
    const limit = end > start ? bytes.lastIndexOf(LF, end - 1) : -1;
    const { roles } = this.layout;
    const lastColumn = roles.length - 1;
    const stage = this.stage;
    const { capacity, vehicle: vehicles, latitude: latitudes, longitude: longitudes, epochMs: epochs } = stage;
    const parsed = this.parsed;
    const instant = this.instant;
    const ids = this.ids;
    let count = stage.count;
    let line = this.line;
    let p = start;
    rows: while (p <= limit && count < capacity) {
      const rowStart = p;
      let b = bytes[p];
      if (b === LF || (b === CR && bytes[p + 1] === LF)) {
        p += b === LF ? 1 : 2; // a blank line: skipped, still counted (decision, see docs)
        this.line = ++line;
        continue;
      }
      let vehicle = this.defaultVehicle;
      let latitude = 0;
      let longitude = 0;
      let epochMs = 0;
      for (let c = 0; c <= lastColumn; c++) {
        b = bytes[p];
        // Digits and letters are above the quote, so one comparison passes the usual field.
        if (b <= QUOTE && (b === QUOTE || b === SPACE || b === TAB)) {
          if (b === QUOTE) {
            stage.count = count;
            const next = this.convertQuotedRow(bytes, rowStart, end, final, line);
            if (next < 0) {
              p = rowStart; // kept for the next chunk
              break rows;
            }
            p = next;
            count = stage.count;
            line = this.line;
            continue rows;
          }
          while (b === SPACE || b === TAB) b = bytes[++p];
        }
        const fieldStart = p;
        const role = roles[c];
        if (role === IGNORED || role === VEHICLE_ID) {
          // Most bytes are digits or letters (> ','), so one comparison usually decides.
          while (b > COMMA || (b !== COMMA && b !== LF && b !== CR && b !== QUOTE)) b = bytes[++p];
          if (role === VEHICLE_ID) {
            let idEnd = p;
            while (idEnd > fieldStart && (bytes[idEnd - 1] === SPACE || bytes[idEnd - 1] === TAB)) idEnd--;
            vehicle = ids.indexOf(bytes, fieldStart, idEnd, line);
          }
        } else {
          const next = role === TIMESTAMP ? parseIsoTimestamp(bytes, p, instant) : parseDecimal(bytes, p, parsed);
          if (next < 0) throw this.valueError(bytes, fieldStart, c, line, next);
          p = next;
          b = bytes[p];
          if (b !== COMMA) {
            while (b === SPACE || b === TAB) b = bytes[++p];
            if (b !== COMMA && b !== LF && b !== CR) throw this.valueError(bytes, fieldStart, c, line, -1);
          }
          const value = parsed.value;
          if (role === TIMESTAMP) epochMs = instant.value;
          else if (role === LATITUDE) {
            if (!(value >= -90 && value <= 90)) throw this.rangeError(bytes, fieldStart, c, line);
            latitude = value;
          } else {
            if (!(value >= -180 && value <= 180)) throw this.rangeError(bytes, fieldStart, c, line);
            longitude = value;
          }
        }
        if (b === COMMA && c < lastColumn) p++;
        else if (b === LF && c === lastColumn) p++;
        else if (b === CR && bytes[p + 1] === LF && c === lastColumn) p += 2;
        else throw this.separatorError(bytes, p, c, line);
      }
      vehicles[count] = vehicle;
      latitudes[count] = latitude;
      longitudes[count] = longitude;
      epochs[count] = epochMs;
      // State is stored on every row, not after the loop: code after a hot loop has no type
      // feedback when V8 compiles the loop on-stack, and it would deoptimize on every call.
      stage.count = ++count;
      this.line = ++line;
    }
    return p;
  }

  /** Returns the index after the row, or -1 when the row is not complete yet. */
  private convertQuotedRow(bytes: Uint8Array, rowStart: number, end: number, final: boolean, line: number): number {
    const record = readRecord(bytes, rowStart, end, line, final, this.columnName);
    if (record === null) return -1;
    const row = convertRecord(record, this.layout, this.ids, this.defaultVehicle);
    const stage = this.stage;
    const at = stage.count++;
    stage.vehicle[at] = row.vehicle;
    stage.latitude[at] = row.latitude;
    stage.longitude[at] = row.longitude;
    stage.epochMs[at] = row.epochMs;
    this.line = record.nextLine;
    return record.end;
  }

  private valueError(bytes: Uint8Array, fieldStart: number, c: number, line: number, failure: number): TelematicsCsvError {
    const role = this.layout.roles[c] as ColumnRole;
    return invalidValueError(role, this.layout.names[c], line, unquotedFieldText(bytes, fieldStart), failure);
  }

  private rangeError(bytes: Uint8Array, fieldStart: number, c: number, line: number): TelematicsCsvError {
    return rangeError(this.layout.roles[c] as ColumnRole, this.layout.names[c], line, unquotedFieldText(bytes, fieldStart));
  }

  /** The byte after a value is not the separator its position needs. */
  private separatorError(bytes: Uint8Array, p: number, c: number, line: number): TelematicsCsvError {
    const b = bytes[p];
    const columns = this.layout.roles.length;
    if (b === QUOTE) return new TelematicsCsvError('csv_syntax', line, this.layout.names[c], 'a quote inside an unquoted value');
    if (b === CR && bytes[p + 1] !== LF) return new TelematicsCsvError('csv_syntax', line, null, 'a carriage return not followed by a line feed');
    if (b === COMMA) return tooManyValuesError(line, columns);
    return tooFewValuesError(line, c + 1, columns);
  }
}

/** Text of the unquoted field starting at `from`, up to its separator. */
function unquotedFieldText(bytes: Uint8Array, from: number): string {
  let to = from;
  while (to < bytes.length && bytes[to] !== COMMA && bytes[to] !== LF && bytes[to] !== CR) to++;
  return valueText(bytes.subarray(from, to));
}
