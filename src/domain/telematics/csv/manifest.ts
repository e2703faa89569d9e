// The on-disk form of a converted upload: `tracks.f64` (blocks written by track-writer.ts) and
// `manifest.json` (this shape), so a worker in another process can read one vehicle at a time.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DATA_FILE = 'tracks.f64';
export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'roadrisk-tracks/1';

export interface VehicleTrackIndex {
  vehicleId: string;
  points: number;
  /** Flat pairs: byte offset in the data file, number of points; in file order. */
  blocks: number[];
}

export interface ConvertedUpload {
  directory: string;
  dataPath: string;
  /** Bytes of CSV received. */
  bytes: number;
  /** Data rows converted (blank lines excluded). */
  rows: number;
  /** In order of first appearance in the file. */
  vehicles: VehicleTrackIndex[];
}

export interface TrackManifest {
  format: typeof FORMAT;
  dataFile: string;
  bytes: number;
  rows: number;
  vehicles: VehicleTrackIndex[];
}

/** Loads the summary of a conversion finished earlier, possibly by another process. */
export async function openConvertedUpload(directory: string): Promise<ConvertedUpload> {
  const manifest = JSON.parse(await readFile(join(directory, MANIFEST_FILE), 'utf8')) as TrackManifest;
  if (manifest.format !== FORMAT) throw new Error(`${directory}: unknown track format ${String(manifest.format)}`);
  const { bytes, rows, vehicles, dataFile } = manifest;
  return { directory, dataPath: join(directory, dataFile), bytes, rows, vehicles };
}
