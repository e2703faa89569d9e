// One binary file per index: a fixed prelude, a JSON header naming each array's type, offset
// and length, then the arrays' bytes at 8-byte aligned offsets. Loading is one read into one
// buffer and a typed-array view per array, with no parsing or copying of the data.
import { open, rename } from 'node:fs/promises';
import type { CountArray, IndexArrays } from './types.ts';

const MAGIC = 'RRCRIDX\n';
/** Bump whenever the layout of IndexArrays or its meaning changes: old files are then rebuilt. */
export const FORMAT_VERSION = 2;
const ENDIAN_MARK = 0x01020304; // read back differently on a big-endian machine
const PRELUDE = 20; // magic 8, format version 4, endian mark 4, header length 4

const ARRAYS = ['code', 'leafOrigin', 'exactLatLon', 'day', 'injuries', 'fatalities', 'box', 'nodeStats', 'listRange', 'listDay', 'listCum'] as const;
type ArrayName = (typeof ARRAYS)[number];
const TYPES = { Float64Array, Float32Array, Int32Array, Uint16Array, Uint8Array };
type TypeName = keyof typeof TYPES;

export interface IndexHeader {
  formatVersion: number;
  dataVersion: string;
  size: number;
  leafDepth: number;
  listMinSize: number;
  dayBase: number;
  arrays: { name: ArrayName; type: TypeName; offset: number; length: number }[];
}

function headerFor(ix: IndexArrays, dataVersion: string): { header: IndexHeader; bytes: Uint8Array; total: number } {
  const arrays: IndexHeader['arrays'] = [];
  const header: IndexHeader = { formatVersion: FORMAT_VERSION, dataVersion, size: ix.size, leafDepth: ix.leafDepth, listMinSize: ix.listMinSize, dayBase: ix.dayBase, arrays };
  // Offsets depend on the header's own length, so lay out with a generous fixed reservation.
  const reserve = align8(PRELUDE + 4096 + Buffer.byteLength(dataVersion) * 6);
  let offset = reserve;
  for (const name of ARRAYS) {
    const a = ix[name];
    arrays.push({ name, type: a.constructor.name as TypeName, offset, length: a.length });
    offset = align8(offset + a.byteLength);
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  if (PRELUDE + json.length > reserve) throw new Error('index header too long');
  const bytes = new Uint8Array(reserve);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, FORMAT_VERSION, true);
  view.setUint32(12, ENDIAN_MARK, isLittleEndian());
  view.setUint32(16, json.length, true);
  bytes.set(json, PRELUDE);
  return { header, bytes, total: offset };
}

export function serializeIndex(ix: IndexArrays, dataVersion: string): Uint8Array {
  const { header, bytes, total } = headerFor(ix, dataVersion);
  const out = new Uint8Array(total);
  out.set(bytes, 0);
  for (const a of header.arrays) out.set(bytesOf(ix[a.name]), a.offset);
  return out;
}

/** Writes beside the target and renames, so a crash mid-write never leaves a torn index. */
export async function saveIndex(ix: IndexArrays, dataVersion: string, path: string): Promise<void> {
  const { header, bytes } = headerFor(ix, dataVersion);
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, 'w');
  try {
    await file.write(bytes, 0, bytes.length, 0);
    for (const a of header.arrays) {
      const data = bytesOf(ix[a.name]);
      for (let at = 0; at < data.length; at += 1 << 30) {
        const part = data.subarray(at, Math.min(at + (1 << 30), data.length));
        await file.write(part, 0, part.length, a.offset + at);
      }
    }
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}

export function parseHeader(buf: Uint8Array): IndexHeader {
  if (buf.length < PRELUDE || new TextDecoder().decode(buf.subarray(0, 8)) !== MAGIC) {
    throw new Error('not a roadrisk crash index file');
  }
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const formatVersion = view.getUint32(8, true);
  if (formatVersion !== FORMAT_VERSION) throw new Error(`crash index format ${formatVersion}, expected ${FORMAT_VERSION}`);
  if (view.getUint32(12, isLittleEndian()) !== ENDIAN_MARK) throw new Error('crash index written on a machine of other byte order');
  const length = view.getUint32(16, true);
  return JSON.parse(new TextDecoder().decode(buf.subarray(PRELUDE, PRELUDE + length))) as IndexHeader;
}

/** Views on `buf` (copied once if it is not 8-byte aligned); `buf` must not be modified after. */
export function deserializeIndex(input: Uint8Array): { arrays: IndexArrays; dataVersion: string } {
  const buf = input.byteOffset % 8 === 0 ? input : input.slice();
  const header = parseHeader(buf);
  const views: Partial<Record<ArrayName, IndexArrays[ArrayName]>> = {};
  for (const a of header.arrays) {
    const Type = TYPES[a.type];
    if (!Type || a.offset + a.length * Type.BYTES_PER_ELEMENT > buf.length) throw new Error(`crash index array ${a.name} is damaged`);
    views[a.name] = new Type(buf.buffer as ArrayBuffer, buf.byteOffset + a.offset, a.length) as IndexArrays[ArrayName];
  }
  const arrays = { size: header.size, leafDepth: header.leafDepth, listMinSize: header.listMinSize, dayBase: header.dayBase, ...views } as IndexArrays;
  return { arrays, dataVersion: header.dataVersion };
}

/** Reads a whole file into one aligned buffer, in parts (fs.readFile stops at 2 GiB). */
export async function readWholeFile(path: string, limit = Infinity): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const size = Math.min((await file.stat()).size, limit);
    const buf = new Uint8Array(size);
    for (let at = 0; at < size; ) {
      const { bytesRead } = await file.read(buf, at, Math.min(1 << 30, size - at), at);
      if (bytesRead === 0) throw new Error(`${path}: file ended early`);
      at += bytesRead;
    }
    return buf;
  } finally {
    await file.close();
  }
}

function bytesOf(a: Float64Array | Float32Array | Int32Array | Uint16Array | CountArray): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}

function isLittleEndian(): boolean {
  return new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
}
