// Converts a data row that contains a quoted field. Rare in telematics exports, so this path
// favours plainness: read the whole record with the general reader, then parse each decoded
// value with the same byte parsers the in-place scanner uses.
import { LF, SPACE, TAB } from './ascii.ts';
import { ColumnRole, type HeaderLayout } from './header.ts';
import { invalidValueError, LATITUDE_RANGE, LONGITUDE_RANGE, rangeError, tooFewValuesError, tooManyValuesError, valueText } from './field-errors.ts';
import { parseDecimal } from './decimal.ts';
import { newParsedInstant, parseIsoTimestamp } from './iso-timestamp.ts';
import type { RawRecord } from './record-reader.ts';
import type { VehicleIdTable } from './vehicle-ids.ts';

export interface ConvertedRow {
  vehicle: number;
  latitude: number;
  longitude: number;
  epochMs: number;
}

export function convertRecord(record: RawRecord, layout: HeaderLayout, ids: VehicleIdTable, defaultVehicle: number): ConvertedRow {
  const { fields } = record;
  const expected = layout.roles.length;
  if (fields.length < expected) throw tooFewValuesError(fields[fields.length - 1].line, fields.length, expected);
  if (fields.length > expected) throw tooManyValuesError(fields[expected].line, expected);
  const row: ConvertedRow = { vehicle: defaultVehicle, latitude: 0, longitude: 0, epochMs: 0 };
  for (let c = 0; c < expected; c++) {
    const role = layout.roles[c] as ColumnRole;
    if (role === ColumnRole.ignored) continue;
    const { bytes, line } = fields[c];
    const column = layout.names[c];
    if (role === ColumnRole.vehicleId) {
      const [from, to] = trimmedRange(bytes, 0, bytes.length);
      row.vehicle = ids.indexOf(bytes, from, to, line);
    } else if (role === ColumnRole.timestamp) {
      row.epochMs = parseWhole(bytes, role, column, line);
    } else {
      const value = parseWhole(bytes, role, column, line);
      const [low, high] = role === ColumnRole.latitude ? LATITUDE_RANGE : LONGITUDE_RANGE;
      if (!(value >= low && value <= high)) throw rangeError(role, column, line, valueText(bytes));
      if (role === ColumnRole.latitude) row.latitude = value;
      else row.longitude = value;
    }
  }
  return row;
}

/** Parses the trimmed value, which must be nothing but a number or a timestamp. */
function parseWhole(bytes: Uint8Array, role: ColumnRole, column: string, line: number): number {
  const [from, to] = trimmedRange(bytes, 0, bytes.length);
  const terminated = new Uint8Array(to - from + 1); // the parsers stop at this line feed
  terminated.set(bytes.subarray(from, to));
  terminated[to - from] = LF;
  const out = newParsedInstant();
  const end = role === ColumnRole.timestamp ? parseIsoTimestamp(terminated, 0, out) : parseDecimal(terminated, 0, out);
  if (end !== to - from) throw invalidValueError(role, column, line, valueText(bytes), end < 0 ? end : -1);
  return out.value;
}

function trimmedRange(bytes: Uint8Array, from: number, to: number): [number, number] {
  while (from < to && (bytes[from] === SPACE || bytes[from] === TAB)) from++;
  while (to > from && (bytes[to - 1] === SPACE || bytes[to - 1] === TAB)) to--;
  return [from, to];
}
