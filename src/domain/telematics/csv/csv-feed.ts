// Feeds arriving chunks to the header reader, then to the row scanner, keeping only the
// unfinished last row of a chunk (bounded by maxRowBytes) between chunks. Chunk boundaries can
// fall anywhere, even inside a BOM, a CRLF or a quoted field; the result never depends on them.
import { concatBytes, CR, LF } from './ascii.ts';
import { CarryBuffer } from './carry-buffer.ts';
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

const LINE_FEED = Uint8Array.of(LF);

export class TelematicsCsvFeed {
  private readonly carry = new CarryBuffer();
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
    const carried = this.carry.length;
    if (this.scanner === null) {
      this.carry.append(chunk);
      // A header record can only end at a line feed; retrying without one would be quadratic.
      if (carried >= 3 && chunk.indexOf(LF) < 0) return this.checkRowSize(this.headerLine);
      const headerEnd = this.readHeader(this.carry.view(), false);
      if (headerEnd < 0) return this.checkRowSize(this.headerLine);
      return this.continueWith(this.carry.view().subarray(headerEnd));
    }
    if (carried === 0) return this.continueWith(chunk);
    // Complete the carried row with the chunk's first line only, to avoid copying the chunk.
    const lineFeed = chunk.indexOf(LF);
    if (lineFeed < 0) {
      this.carry.append(chunk);
      return this.checkRowSize(this.scanner.line);
    }
    this.carry.append(chunk.subarray(0, lineFeed + 1));
    const head = this.carry.view();
    const used = await this.convert(head, false);
    const tail = chunk.subarray(lineFeed + 1);
    if (used === head.length) return this.continueWith(tail);
    // A quoted field with a line break left the carried row unfinished still.
    this.carry.replace(head.subarray(used));
    this.carry.append(tail);
    return this.continueWith(this.carry.view());
  }

  /** Call once the source has ended. Throws when the file broke a rule. */
  async end(): Promise<void> {
    let rest = withFinalLineFeed(this.carry.view());
    if (this.scanner === null) rest = rest.subarray(this.readHeader(rest, true));
    const scanner = this.scanner as RowScanner;
    if (rest.length > 0) await this.convert(rest, true);
    this.carry.length = 0;
    if (this.writer.points === 0) {
      throw new TelematicsCsvError('no_data_rows', scanner.line, null, 'the file has a header but no data rows');
    }
  }

  /** Converts what it can of `bytes` and carries the rest (`bytes` may view the carry). */
  private async continueWith(bytes: Uint8Array): Promise<void> {
    const used = await this.convert(bytes, false);
    this.carry.replace(bytes.subarray(used));
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
  private readHeader(bytes: Uint8Array, final: boolean): number {
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
