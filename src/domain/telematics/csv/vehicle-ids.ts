// Turns the vehicle_id bytes of each row into a small integer without building a string per row
// (20M short strings per GB would be most of the garbage the converter makes). A string is
// decoded once per distinct vehicle. Consecutive rows of the same vehicle, the usual layout of
// an export, hit a one-entry cache first. The hash table is open addressing on typed arrays with
// a constant-cost hash: with a Map keyed by an FNV hash of all bytes the whole scanner ran at
// ~420 MB/s on time-sorted fleet data (a cache miss per row), with this at ~550 MB/s.
import { decodeUtf8 } from './ascii.ts';
import { TelematicsCsvError } from './errors.ts';

/** Vehicle of rows whose vehicle_id is absent, empty or null (decisions §7). */
export const DEFAULT_VEHICLE_ID = 'vehicle_1';
export const MAX_VEHICLE_ID_BYTES = 256;

export class VehicleIdTable {
  readonly ids: string[] = [];
  /** Bytes of every id, back to back; vehicle i's are arena[starts[i], starts[i + 1]). */
  private arena = new Uint8Array(4096);
  private starts: Int32Array = new Int32Array(65);
  private hashes: Int32Array = new Int32Array(64);
  /** Open addressing, linear probing: vehicle index + 1 per slot, 0 when free. */
  private slots: Int32Array = new Int32Array(1024);
  private lastIndex = -1;
  private defaultVehicle = -1;

  constructor(
    private readonly maxVehicles: number,
    private readonly columnName: string,
  ) {}

  /** Index of the default vehicle, `vehicle_1`. */
  defaultIndex(line: number): number {
    if (this.defaultVehicle < 0) {
      const bytes = new TextEncoder().encode(DEFAULT_VEHICLE_ID);
      this.defaultVehicle = this.indexOf(bytes, 0, bytes.length, line);
    }
    return this.defaultVehicle;
  }

  /** Index of the vehicle whose trimmed id is bytes[start, end). */
  indexOf(bytes: Uint8Array, start: number, end: number, line: number): number {
    const length = end - start;
    if (this.lastIndex >= 0 && this.isVehicle(this.lastIndex, bytes, start, length)) return this.lastIndex;
    if (length > MAX_VEHICLE_ID_BYTES) {
      throw new TelematicsCsvError('vehicle_id_too_long', line, this.columnName, `value is longer than ${MAX_VEHICLE_ID_BYTES} bytes`);
    }
    if (length === 0 || isNullWord(bytes, start, length)) return this.defaultIndex(line);
    const hash = idHash(bytes, start, length);
    const slots = this.slots;
    const mask = slots.length - 1;
    let slot = hash & mask;
    let index = -1;
    for (let entry = slots[slot]; entry !== 0; entry = slots[slot]) {
      if (this.hashes[entry - 1] === hash && this.isVehicle(entry - 1, bytes, start, length)) {
        index = entry - 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (index < 0) index = this.add(bytes.slice(start, end), hash, slot, line);
    this.lastIndex = index;
    return index;
  }

  private isVehicle(index: number, bytes: Uint8Array, start: number, length: number): boolean {
    const from = this.starts[index];
    if (this.starts[index + 1] - from !== length) return false;
    const arena = this.arena;
    // Backwards: ids of a fleet usually differ in their last characters (veh-0147, veh-0148).
    for (let i = length - 1; i >= 0; i--) if (arena[from + i] !== bytes[start + i]) return false;
    return true;
  }

  private add(bytes: Uint8Array, hash: number, freeSlot: number, line: number): number {
    if (this.ids.length >= this.maxVehicles) {
      throw new TelematicsCsvError('too_many_vehicles', line, this.columnName, `more than ${this.maxVehicles} distinct vehicle ids in one file`);
    }
    const id = decodeUtf8(bytes);
    if (id === null) throw new TelematicsCsvError('encoding', line, this.columnName, 'value is not valid UTF-8');
    const index = this.ids.length;
    this.ids.push(id);
    if (index + 1 >= this.hashes.length) {
      this.hashes = grown(this.hashes, this.hashes.length * 2);
      this.starts = grown(this.starts, this.hashes.length + 1);
    }
    const from = this.starts[index];
    if (from + bytes.length > this.arena.length) this.arena = grown(this.arena, (from + bytes.length) * 2);
    this.arena.set(bytes, from);
    this.starts[index + 1] = from + bytes.length;
    this.hashes[index] = hash;
    this.slots[freeSlot] = index + 1;
    if (this.ids.length * 2 > this.slots.length) this.rehash();
    return index;
  }

  /** Keeps the table at most half full so probes stay short. */
  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let index = 0; index < this.ids.length; index++) {
      let slot = this.hashes[index] & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = index + 1;
    }
    this.slots = slots;
  }
}

function grown<T extends Int32Array | Uint8Array>(values: T, size: number): T {
  const bigger = new (values.constructor as new (size: number) => T)(size);
  bigger.set(values);
  return bigger;
}

/** `null` or `NaN` in any case means "no id" as in a required column (decisions §7). */
function isNullWord(bytes: Uint8Array, start: number, length: number): boolean {
  // `| 0x20` lower-cases ASCII letters; the only other bytes it maps onto them are not letters
  // of these words. No closure here: tsx wraps each one in a naming helper on every call.
  if (length === 3) {
    return (bytes[start] | 0x20) === 110 && (bytes[start + 1] | 0x20) === 97 && (bytes[start + 2] | 0x20) === 110;
  }
  return (
    length === 4 &&
    (bytes[start] | 0x20) === 110 &&
    (bytes[start + 1] | 0x20) === 117 &&
    (bytes[start + 2] | 0x20) === 108 &&
    (bytes[start + 3] | 0x20) === 108
  );
}

/**
 * Hash of the length and the first and last four bytes only: constant cost per row whatever the
 * id's length. Ids that share those bytes still resolve correctly (full comparison), only slower.
 */
function idHash(bytes: Uint8Array, start: number, length: number): number {
  if (length < 4) {
    let short = length;
    for (let i = 0; i < length; i++) short = (short << 8) | bytes[start + i];
    return Math.imul(short, 0x9e3779b1);
  }
  const end = start + length;
  const head = bytes[start] | (bytes[start + 1] << 8) | (bytes[start + 2] << 16) | (bytes[start + 3] << 24);
  const tail = bytes[end - 1] | (bytes[end - 2] << 8) | (bytes[end - 3] << 16) | (bytes[end - 4] << 24);
  const mixed = Math.imul(head ^ Math.imul(tail ^ length, 0x9e3779b1), 0x85ebca6b);
  return mixed ^ (mixed >>> 15);
}
