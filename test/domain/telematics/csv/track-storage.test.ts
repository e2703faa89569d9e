// The converted form on disk: one data file plus a manifest, read back one vehicle at a time,
// and nothing left behind when an upload is rejected.
import assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import {
  convertTelematicsCsv,
  openConvertedUpload,
  readVehicleTrack,
  TelematicsCsvError,
  UploadTooLargeError,
} from '../../../../src/domain/telematics/csv/index.ts';
import { HEADER, readAllTracks, withTempDir } from './csv-fixtures.ts';

/** Rows of `vehicles` vehicles interleaved, as a feed sorted by time writes them. */
function interleavedFleet(vehicles: number, pointsEach: number): string {
  const lines = [HEADER];
  for (let second = 0; second < pointsEach; second++) {
    for (let v = 0; v < vehicles; v++) {
      const stamp = new Date(Date.UTC(2024, 2, 1) + second * 1000).toISOString();
      lines.push(`veh-${v},${stamp},${(v % 180) - 89.5},${second / 100 - 100}`);
    }
  }
  return lines.join('\n') + '\n';
}

async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('converted track storage', () => {
  it('keeps each vehicle whole and in order across many flushes, with one data file', async () => {
    await withTempDir(async (dir) => {
      const target = join(dir, 'job');
      const upload = await convertTelematicsCsv(chunksOf(interleavedFleet(300, 20), 777), target, { stagePoints: 1000 });
      assert.equal(upload.rows, 6000);
      assert.equal(upload.vehicles.length, 300);
      assert.deepEqual((await readdir(target)).sort(), ['manifest.json', 'tracks.f64']);
      const track = await readVehicleTrack(upload, 'veh-123');
      assert.deepEqual([...track.latitude], Array(20).fill(123 - 89.5));
      assert.deepEqual([...track.longitude], Array.from({ length: 20 }, (_, s) => s / 100 - 100));
      assert.deepEqual([...track.epochMs], Array.from({ length: 20 }, (_, s) => Date.UTC(2024, 2, 1) + s * 1000));
      assert.ok(upload.vehicles[123].blocks.length / 2 > 1, 'the vehicle spans several blocks');
    });
  });

  it('reopens a conversion from its manifest, as a worker in another process would', async () => {
    await withTempDir(async (dir) => {
      const upload = await convertTelematicsCsv(chunksOf(interleavedFleet(5, 50), 4096), join(dir, 'job'), { stagePoints: 64 });
      const reopened = await openConvertedUpload(join(dir, 'job'));
      assert.deepEqual(reopened, upload);
      assert.deepEqual(await readAllTracks(reopened), await readAllTracks(upload));
    });
  });

  it('accepts a Node readable stream', async () => {
    await withTempDir(async (dir) => {
      const source = Readable.from([Buffer.from(`${HEADER}\nv,2024-03-01T08:00:00Z,1,2\n`)]);
      const upload = await convertTelematicsCsv(source, join(dir, 'job'));
      assert.equal(upload.rows, 1);
    });
  });

  it('throws UploadTooLargeError past maxBytes and deletes the directory it created', async () => {
    await withTempDir(async (dir) => {
      const target = join(dir, 'nested', 'job');
      await assert.rejects(convertTelematicsCsv(chunksOf(interleavedFleet(10, 100), 500), target, { maxBytes: 2000, stagePoints: 16 }), (error) => {
        assert.ok(error instanceof UploadTooLargeError);
        assert.equal(error.message, 'File too large: limit is 2000 bytes');
        return true;
      });
      assert.deepEqual(await readdir(dir), []);
    });
  });

  it('accepts a file of exactly maxBytes', async () => {
    await withTempDir(async (dir) => {
      const text = `${HEADER}\nv,2024-03-01T08:00:00Z,1,2\n`;
      const upload = await convertTelematicsCsv(chunksOf(text, 7), join(dir, 'job'), { maxBytes: text.length });
      assert.equal(upload.bytes, text.length);
    });
  });

  it('on a CSV error deletes only its own files from an existing directory', async () => {
    await withTempDir(async (dir) => {
      await writeFile(join(dir, 'keep.txt'), 'not ours');
      const text = interleavedFleet(3, 30) + 'v,2024-03-01T08:00:00Z,1,999\n';
      await assert.rejects(convertTelematicsCsv(chunksOf(text, 100), dir, { stagePoints: 8 }), TelematicsCsvError);
      assert.deepEqual(await readdir(dir), ['keep.txt']);
    });
  });

  it('refuses to overwrite an earlier conversion and leaves it intact', async () => {
    await withTempDir(async (dir) => {
      const text = `${HEADER}\nv,2024-03-01T08:00:00Z,1,2\n`;
      await convertTelematicsCsv(chunksOf(text, 64), dir);
      await assert.rejects(convertTelematicsCsv(chunksOf(text, 64), dir), /EEXIST/);
      assert.equal((await openConvertedUpload(dir)).rows, 1);
    });
  });

  it('rejects text chunks: the caller must not decode the upload', async () => {
    await withTempDir(async (dir) => {
      await mkdir(join(dir, 'job'));
      await assert.rejects(convertTelematicsCsv(Readable.from(['latitude']), join(dir, 'job')), TypeError);
    });
  });
});
