// Reads one vehicle's converted points back as typed arrays, in file order (not sorted by time:
// ordering and cleaning are the trip processor's job).
import { open, type FileHandle } from 'node:fs/promises';
import type { ConvertedUpload, VehicleTrackIndex } from './manifest.ts';

export interface VehicleTrack {
  latitude: Float64Array;
  longitude: Float64Array;
  /** Milliseconds since 1970-01-01T00:00:00Z; whole numbers stored as float64. */
  epochMs: Float64Array;
}

export async function readVehicleTrack(upload: ConvertedUpload, vehicle: string | VehicleTrackIndex): Promise<VehicleTrack> {
  const index = typeof vehicle === 'string' ? upload.vehicles.find((v) => v.vehicleId === vehicle) : vehicle;
  if (index === undefined) throw new Error(`no vehicle ${JSON.stringify(vehicle)} in ${upload.directory}`);
  const latitude = new Float64Array(index.points);
  const longitude = new Float64Array(index.points);
  const epochMs = new Float64Array(index.points);
  let largest = 0;
  for (let i = 1; i < index.blocks.length; i += 2) largest = Math.max(largest, index.blocks[i]);
  const block = new Float64Array(largest * 3);
  const handle = await open(upload.dataPath, 'r');
  try {
    let at = 0;
    for (let i = 0; i < index.blocks.length; i += 2) {
      const [offset, count] = [index.blocks[i], index.blocks[i + 1]];
      await readFully(handle, new Uint8Array(block.buffer, 0, count * 24), offset, upload.dataPath);
      latitude.set(block.subarray(0, count), at);
      longitude.set(block.subarray(count, 2 * count), at);
      epochMs.set(block.subarray(2 * count, 3 * count), at);
      at += count;
    }
  } finally {
    await handle.close();
  }
  return { latitude, longitude, epochMs };
}

async function readFully(handle: FileHandle, target: Uint8Array, position: number, path: string): Promise<void> {
  for (let done = 0; done < target.length; ) {
    const { bytesRead } = await handle.read(target, done, target.length - done, position + done);
    if (bytesRead === 0) throw new Error(`${path}: truncated block at byte ${position}`);
    done += bytesRead;
  }
}
