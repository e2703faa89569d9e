// Maps the header row to what each column means for the converter (decisions §7): required
// `latitude`, `longitude`, `timestamp`, optional `vehicle_id`, any order, extra columns ignored.
// Names are matched exactly after trimming surrounding spaces and tabs (a spreadsheet's
// "latitude " must not fail); case is not folded, the spec's names are exact.
import { decodeUtf8 } from './ascii.ts';
import { TelematicsCsvError } from './errors.ts';
import type { RawField } from './record-reader.ts';

export const ColumnRole = { ignored: 0, latitude: 1, longitude: 2, timestamp: 3, vehicleId: 4 } as const;
export type ColumnRole = (typeof ColumnRole)[keyof typeof ColumnRole];

export interface HeaderLayout {
  /** Trimmed header names, used in error messages. */
  names: string[];
  /** Role of each column by position. */
  roles: Uint8Array;
  hasVehicleId: boolean;
}

const REQUIRED = ['latitude', 'longitude', 'timestamp'] as const;
const ROLE_BY_NAME = new Map<string, ColumnRole>([
  ['latitude', ColumnRole.latitude],
  ['longitude', ColumnRole.longitude],
  ['timestamp', ColumnRole.timestamp],
  ['vehicle_id', ColumnRole.vehicleId],
]);
const SHOWN_NAMES = 10;

export function resolveHeader(fields: RawField[], line: number): HeaderLayout {
  const names = fields.map((field) => {
    const name = decodeUtf8(field.bytes);
    if (name === null) throw new TelematicsCsvError('encoding', line, null, 'the header is not valid UTF-8');
    return name.replace(/^[ \t]+|[ \t]+$/g, '');
  });
  const roles = new Uint8Array(names.length);
  const seen = new Set<string>();
  names.forEach((name, index) => {
    const role = ROLE_BY_NAME.get(name);
    if (role === undefined) return;
    if (seen.has(name)) {
      throw new TelematicsCsvError('duplicate_column', line, name, 'the column appears more than once in the header');
    }
    seen.add(name);
    roles[index] = role;
  });
  const missing = REQUIRED.find((name) => !seen.has(name));
  if (missing !== undefined) {
    throw new TelematicsCsvError('missing_column', line, missing, `the header has no such column (${describeNames(names)})`);
  }
  return { names, roles, hasVehicleId: seen.has('vehicle_id') };
}

function describeNames(names: string[]): string {
  const shown = names.slice(0, SHOWN_NAMES).map((name) => JSON.stringify(name));
  const more = names.length > SHOWN_NAMES ? `, and ${names.length - SHOWN_NAMES} more` : '';
  return `found ${shown.join(', ')}${more}`;
}
