// Feeds arriving chunks to the header reader, then to the row scanner, keeping only the
// unfinished last row of a chunk (bounded by maxRowBytes) between chunks. Chunk boundaries can
// fall anywhere, even inside a BOM, a CRLF or a quoted field; the result never depends on them.
import { concatBytes, CR, LF } from './ascii.ts';
import { TelematicsCsvError } from './errors.ts';
import { resolveHeader } from './header.ts';
import { readRecord } from './record-reader.ts';
import { RowScanner } from './row-scanner.ts';
import type { TrackWriter } from './track-writer.ts';
import { VehicleIdTable } from './vehicle-ids.ts';

export interface FeedLimits {
  maxVehicles: number;
  maxRowBytes: number;
}

const EMPTY = new Uint8Array(0);
const LINE_FEED = Uint8Array.of(LF);

export class TelematicsCsvFeed {
  private carry: Uint8Array = EMPTY;
  private scanner: RowScanner | null = null;
  private ids: VehicleIdTable | null = null;
  private headerLine = 1;

  constructor(
    private readonly writer: TrackWriter,
    private readonly limits: FeedLimits,
  ) {}

  get rows(): number {
    return this.writer.points;
  }

  get vehicleIds(): string[] {
    return this.ids?.ids ?? [];
  }

  async push(chunk: Uint8Array): Promise<void> {
    if (this.scanner === null) {
      this.carry = concatBytes(this.carry, chunk);
      // A header record can only end at a line feed; retrying without one would be quadratic.
      if (this.carry.length > chunk.length + 2 && chunk.indexOf(LF) < 0) return this.checkRowSize(this.headerLine);
      const headerEnd = this.readHeader(false);
      if (headerEnd < 0) return this.checkRowSize(this.headerLine);
      return this.continueWith(this.carry.subarray(headerEnd), false);
    }
    if (this.carry.length === 0) return this.continueWith(chunk, false);
    // Complete the carried row with the chunk's first line only, to avoid copying the chunk.
    const lineFeed = chunk.indexOf(LF);
    if (lineFeed < 0) {
      this.carry = concatBytes(this.carry, chunk);
      return this.checkRowSize(this.scanner.line);
    }
    const head = concatBytes(this.carry, chunk.subarray(0, lineFeed + 1));
    const used = await this.convert(head, false);
    const tail = chunk.subarray(lineFeed + 1);
    // A quoted field with a line break can leave the carried row unfinished still.
    return this.continueWith(used === head.length ? tail : concatBytes(head.subarray(used), tail), false);
  }

  /** Call once the source has ended. Throws when the file broke a rule. */
  async end(): Promise<void> {
    if (this.scanner === null) {
      this.carry = withFinalLineFeed(this.carry);
      const headerEnd = this.readHeader(true);
      this.carry = this.carry.subarray(headerEnd);
    }
    const scanner = this.scanner as RowScanner;
    if (this.carry.length > 0) await this.convert(withFinalLineFeed(this.carry), true);
    this.carry = EMPTY;
    if (this.writer.points === 0) {
      throw new TelematicsCsvError('no_data_rows', scanner.line, null, 'the file has a header but no data rows');
    }
  }

  private async continueWith(bytes: Uint8Array, final: boolean): Promise<void> {
    const used = await this.convert(bytes, final);
    this.carry = bytes.slice(used);
    this.checkRowSize((this.scanner as RowScanner).line);
  }

  /** Scans, flushing whenever the stage fills; returns how many bytes were consumed. */
  private async convert(bytes: Uint8Array, final: boolean): Promise<number> {
    const scanner = this.scanner as RowScanner;
    const stage = this.writer.stage;
    let used = 0;
    for (;;) {
      used = scanner.scan(bytes, used, bytes.length, final);
      if (stage.count < stage.capacity) return used;
      await this.writer.flush();
    }
  }

  /** Returns the index after the header, or -1 when more bytes are needed. */
  private readHeader(final: boolean): number {
    const bytes = this.carry;
    if (!final && bytes.length < 3) return -1; // a BOM may still be arriving
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      throw new TelematicsCsvError('encoding', 1, null, 'the file is UTF-16; upload it as UTF-8');
    }
    let p = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    let line = 1;
    for (;;) {
      // Blank lines before the header are skipped like any blank line.
      if (bytes[p] === LF) p++;
      else if (bytes[p] === CR && bytes[p + 1] === LF) p += 2;
      else break;
      line++;
    }
    this.headerLine = line;
    if (p >= bytes.length) {
      if (final) throw new TelematicsCsvError('empty_file', line, null, 'the file is empty: no header and no data rows');
      return -1;
    }
    const record = readRecord(bytes, p, bytes.length, line, final, () => null);
    if (record === null) return -1;
    const layout = resolveHeader(record.fields, line);
    this.ids = new VehicleIdTable(this.limits.maxVehicles, 'vehicle_id');
    this.scanner = new RowScanner(layout, this.writer.stage, this.ids, record.nextLine);
    return record.end;
  }

  private checkRowSize(line: number): void {
    if (this.carry.length > this.limits.maxRowBytes) {
      throw new TelematicsCsvError('row_too_long', line, null, `a row is longer than ${this.limits.maxRowBytes} bytes`);
    }
  }
}

function withFinalLineFeed(bytes: Uint8Array): Uint8Array {
  return bytes.length === 0 || bytes[bytes.length - 1] === LF ? bytes : concatBytes(bytes, LINE_FEED);
}
