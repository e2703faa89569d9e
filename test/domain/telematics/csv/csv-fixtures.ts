// Runs the converter on in-memory CSV text, in chosen chunks, into a throwaway directory, and
// returns either every vehicle's track or the error, in one comparable shape.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  convertTelematicsCsv,
  readVehicleTrack,
  TelematicsCsvError,
  type ConvertedUpload,
} from '../../../../src/domain/telematics/csv/index.ts';
import type { ConvertOptions } from '../../../../src/domain/telematics/csv/convert.ts';

export interface TrackPoints {
  latitude: number[];
  longitude: number[];
  epochMs: number[];
}

export type Outcome =
  | { ok: true; rows: number; bytes: number; tracks: Record<string, TrackPoints> }
  | { ok: false; rule: string; line: number; column: string | null; message: string };

/** Splits bytes at the given cut points (positions, any order, duplicates allowed). */
export function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => Math.max(0, Math.min(bytes.length, c))))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...points, bytes.length]) {
    if (cut > from) chunks.push(bytes.slice(from, cut));
    from = cut;
  }
  return chunks;
}

async function* fromChunks(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

export async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'roadrisk-csv-test-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function readAllTracks(upload: ConvertedUpload): Promise<Record<string, TrackPoints>> {
  const tracks: Record<string, TrackPoints> = {};
  for (const vehicle of upload.vehicles) {
    const track = await readVehicleTrack(upload, vehicle);
    tracks[vehicle.vehicleId] = {
      latitude: [...track.latitude],
      longitude: [...track.longitude],
      epochMs: [...track.epochMs],
    };
  }
  return tracks;
}

/** Converts `input` (text or bytes) delivered as `chunks` (default: one chunk). */
export async function convertInput(
  input: string | Uint8Array,
  options: ConvertOptions & { cuts?: number[] } = {},
): Promise<Outcome> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const chunks = splitAt(bytes, options.cuts ?? []);
  return withTempDir(async (dir) => {
    try {
      const upload = await convertTelematicsCsv(fromChunks(chunks), join(dir, 'upload'), options);
      return { ok: true, rows: upload.rows, bytes: upload.bytes, tracks: await readAllTracks(upload) };
    } catch (error) {
      if (!(error instanceof TelematicsCsvError)) throw error;
      return { ok: false, rule: error.rule, line: error.line, column: error.column, message: error.message };
    }
  });
}

/** The message of the error `input` must fail with. */
export async function failureOf(input: string | Uint8Array, options: ConvertOptions & { cuts?: number[] } = {}): Promise<Outcome & { ok: false }> {
  const outcome = await convertInput(input, options);
  if (outcome.ok) throw new Error(`expected a failure, got ${outcome.rows} rows`);
  return outcome;
}

export const HEADER = 'vehicle_id,timestamp,latitude,longitude';
