// Entry point: turns an uploaded telematics CSV byte stream into per-vehicle tracks on disk,
// validating every rule of decisions §7 while the bytes arrive. The first broken rule stops the
// conversion (the 422 names it; reading the rest of a bad gigabyte would only delay the answer),
// and everything written so far is deleted, as is everything after a size-limit breach (413).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TelematicsCsvFeed } from './csv-feed.ts';
import { UploadTooLargeError } from './errors.ts';
import { DATA_FILE, MANIFEST_FILE, type ConvertedUpload, type TrackManifest } from './manifest.ts';
import { DEFAULT_STAGE_POINTS, TrackWriter, type VehicleBlocks } from './track-writer.ts';

export interface ConvertOptions {
  /** More bytes than this is an UploadTooLargeError (decisions §10: 1 GiB - 1 by default). */
  maxBytes?: number;
  /** Distinct vehicle ids allowed in one file; bounds the id table's memory. */
  maxVehicles?: number;
  /** Longest record; bounds what is carried between chunks. */
  maxRowBytes?: number;
  /** Points held before a write; tests lower it to exercise many flushes. */
  stagePoints?: number;
}

export const DEFAULT_MAX_BYTES = 1024 ** 3 - 1;
export const DEFAULT_MAX_VEHICLES = 100_000;
export const DEFAULT_MAX_ROW_BYTES = 1024 ** 2;

/**
 * Validates and converts the CSV in `source` into `directory` (created if needed). Resolves with
 * the summary also saved as the directory's manifest; rejects with a TelematicsCsvError or an
 * UploadTooLargeError after deleting what it wrote.
 */
export async function convertTelematicsCsv(
  source: AsyncIterable<Uint8Array | string>,
  directory: string,
  options: ConvertOptions = {},
): Promise<ConvertedUpload> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const created = await mkdir(directory, { recursive: true });
  const dataPath = join(directory, DATA_FILE);
  let writer: TrackWriter | null;
  try {
    writer = await TrackWriter.create(dataPath, options.stagePoints ?? DEFAULT_STAGE_POINTS);
  } catch (error) {
    // e.g. the directory already holds a conversion: leave it alone.
    if (created !== undefined) await rm(created, { recursive: true, force: true });
    throw error;
  }
  try {
    const feed = new TelematicsCsvFeed(writer, {
      maxVehicles: options.maxVehicles ?? DEFAULT_MAX_VEHICLES,
      maxRowBytes: options.maxRowBytes ?? DEFAULT_MAX_ROW_BYTES,
    });
    let bytes = 0;
    for await (const chunk of source) {
      if (typeof chunk === 'string') throw new TypeError('convertTelematicsCsv needs a byte stream, not text');
      bytes += chunk.length;
      if (bytes > maxBytes) throw new UploadTooLargeError(maxBytes);
      // A Buffer is a Uint8Array subclass; one view type keeps the scanner's loads monomorphic.
      await feed.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    await feed.end();
    const blocks = await writer.finish();
    writer = null;
    const upload = summarize(directory, dataPath, bytes, feed.rows, feed.vehicleIds, blocks);
    await writeFile(join(directory, MANIFEST_FILE), JSON.stringify(toManifest(upload)));
    return upload;
  } catch (error) {
    await writer?.abandon();
    // Delete only what this call made: the directory if it created it, else its two files.
    if (created !== undefined) await rm(created, { recursive: true, force: true });
    else await Promise.all([rm(dataPath, { force: true }), rm(join(directory, MANIFEST_FILE), { force: true })]);
    throw error;
  }
}

function summarize(
  directory: string,
  dataPath: string,
  bytes: number,
  rows: number,
  vehicleIds: string[],
  blocks: VehicleBlocks[],
): ConvertedUpload {
  const vehicles = vehicleIds.map((vehicleId, index) => ({
    vehicleId,
    points: blocks[index]?.points ?? 0,
    blocks: blocks[index]?.blocks ?? [],
  }));
  return { directory, dataPath, bytes, rows, vehicles };
}

function toManifest(upload: ConvertedUpload): TrackManifest {
  const { bytes, rows, vehicles } = upload;
  return { format: 'roadrisk-tracks/1', dataFile: DATA_FILE, bytes, rows, vehicles };
}
