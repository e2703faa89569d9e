// Writes converted points to ONE data file, grouped by vehicle, with bounded memory.
//
// Why one file and not one per vehicle: a fleet file may name 10,000 vehicles; a file each would
// need a pool of descriptors and 10,000 small appends per flush. Instead, points are staged in
// arrival order (a fixed number of them), counting-sorted by vehicle when the stage is full, and
// written as one sequential block run: for each vehicle present, `count` latitudes, then `count`
// longitudes, then `count` epoch milliseconds, all float64 little-endian (the host order of every
// platform Node supports here). The index of (byte offset, count) blocks per vehicle goes into
// the manifest at the end, so the trip processor reads one vehicle with a few positioned reads.
//
// Memory: the stage (4 + 3 * 8 bytes per point) plus one sorted copy being written while the
// next stage fills; 256K points is about 13 MB in all, whatever the file size or vehicle count.
import { open, type FileHandle } from 'node:fs/promises';

export const DEFAULT_STAGE_POINTS = 1 << 18;
const BYTES_PER_POINT = 24;

/** Rows waiting to be written; the scanner fills the arrays in place for speed. */
export class PointStage {
  readonly vehicle: Uint32Array;
  readonly latitude: Float64Array;
  readonly longitude: Float64Array;
  readonly epochMs: Float64Array;
  count = 0;

  constructor(readonly capacity: number) {
    this.vehicle = new Uint32Array(capacity);
    this.latitude = new Float64Array(capacity);
    this.longitude = new Float64Array(capacity);
    this.epochMs = new Float64Array(capacity);
  }
}

export interface VehicleBlocks {
  points: number;
  /** Flat pairs: byte offset of the block in the data file, number of points. */
  blocks: number[];
}

export class TrackWriter {
  readonly stage: PointStage;
  private readonly sorted: Float64Array;
  private readonly perVehicle: VehicleBlocks[] = [];
  private counts = new Uint32Array(64);
  private starts = new Uint32Array(64);
  private fileOffset = 0;
  private pointsFlushed = 0;
  private pendingWrite: Promise<void> = Promise.resolve();
  private writeError: unknown = null;

  private constructor(
    private readonly handle: FileHandle,
    stagePoints: number,
  ) {
    this.stage = new PointStage(stagePoints);
    this.sorted = new Float64Array(stagePoints * 3);
  }

  static async create(path: string, stagePoints = DEFAULT_STAGE_POINTS): Promise<TrackWriter> {
    return new TrackWriter(await open(path, 'wx'), stagePoints);
  }

  /** Points received so far, written or staged. */
  get points(): number {
    return this.pointsFlushed + this.stage.count;
  }

  /** Sorts the stage into the write buffer and starts writing it; the stage is free on return. */
  async flush(): Promise<void> {
    await this.settlePreviousWrite();
    const n = this.stage.count;
    if (n === 0) return;
    this.groupByVehicle(n);
    const bytes = new Uint8Array(this.sorted.buffer, 0, n * BYTES_PER_POINT);
    this.pendingWrite = writeFully(this.handle, bytes, this.fileOffset).then(
      () => undefined,
      (error: unknown) => {
        this.writeError = error; // kept, and rethrown by the next flush or finish
      },
    );
    this.fileOffset += bytes.length;
    this.pointsFlushed += n;
    this.stage.count = 0;
  }

  /** Flushes what is left, closes the file and returns the block index by vehicle number. */
  async finish(): Promise<VehicleBlocks[]> {
    await this.flush();
    await this.settlePreviousWrite();
    await this.handle.close();
    return this.perVehicle;
  }

  /** Closes without caring about pending data; the caller deletes the file. */
  async abandon(): Promise<void> {
    await this.pendingWrite;
    await this.handle.close().catch(() => undefined);
  }

  private async settlePreviousWrite(): Promise<void> {
    await this.pendingWrite;
    if (this.writeError !== null) throw this.writeError;
  }

  /** Counting sort of the stage by vehicle into `sorted`, recording one block per vehicle. */
  private groupByVehicle(n: number): void {
    const vehicle = this.stage.vehicle;
    this.ensureVehicleSlots(highestValue(vehicle, n));
    const present = countPerVehicle(vehicle, n, this.counts);
    let start = 0;
    for (const v of present) {
      this.starts[v] = start;
      this.recordBlock(v, this.fileOffset + start * Float64Array.BYTES_PER_ELEMENT, this.counts[v]);
      start += this.counts[v] * 3;
    }
    scatterByVehicle(this.stage, n, this.counts, this.starts, this.sorted);
    for (const v of present) this.counts[v] = 0;
  }

  private recordBlock(v: number, byteOffset: number, count: number): void {
    const entry = (this.perVehicle[v] ??= { points: 0, blocks: [] });
    entry.points += count;
    entry.blocks.push(byteOffset, count);
  }

  private ensureVehicleSlots(highest: number): void {
    if (highest < this.counts.length) return;
    const size = Math.max(highest + 1, this.counts.length * 2);
    this.counts = new Uint32Array(size);
    this.starts = new Uint32Array(size);
  }
}

/** FileHandle#write may write less than asked (rarely, for regular files); finish the job. */
async function writeFully(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

// The loops below are separate functions that end right after their loop: V8 compiles a hot loop
// on-stack before the code after it has run, and that code would then deoptimize on each flush.

function highestValue(values: Uint32Array, n: number): number {
  let highest = 0;
  for (let i = 0; i < n; i++) if (values[i] > highest) highest = values[i];
  return highest;
}

/** Fills counts[v] with the points of each vehicle; returns the vehicles present, first seen first. */
function countPerVehicle(vehicle: Uint32Array, n: number, counts: Uint32Array): number[] {
  const present: number[] = [];
  for (let i = 0; i < n; i++) if (counts[vehicle[i]]++ === 0) present.push(vehicle[i]);
  return present;
}

/**
 * Copies each staged point into its vehicle's block. `starts[v]` walks through the block's
 * latitude slots; the longitude and epoch slots sit count and 2 * count further on.
 */
function scatterByVehicle(stage: PointStage, n: number, counts: Uint32Array, starts: Uint32Array, sorted: Float64Array): void {
  const { vehicle, latitude, longitude, epochMs } = stage;
  for (let i = 0; i < n; i++) {
    const v = vehicle[i];
    const at = starts[v]++;
    const count = counts[v];
    sorted[at] = latitude[i];
    sorted[at + count] = longitude[i];
    sorted[at + 2 * count] = epochMs[i];
  }
}
