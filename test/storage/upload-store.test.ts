// Converted uploads in the shared database: a worker elsewhere gets the same bytes; removal
// leaves nothing behind.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../src/storage/database.ts';
import { DatabaseUploadStore } from '../../src/storage/uploads/database-upload-store.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let dir: string;
let database: TestDatabase;
let store: Store;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roadrisk-uploads-'));
  database = await createTestDatabase();
  store = await openStore({ databaseUrl: database.url, dataDir: dir });
});
after(async () => {
  await store.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('database upload store', () => {
  it('round-trips a converted upload across machines (9 MiB in chunks) and removes it', async () => {
    const api = new DatabaseUploadStore(store.db, join(dir, 'api-work'));
    const worker = new DatabaseUploadStore(store.db, join(dir, 'worker-work'));
    const upload = join(dir, 'uploads', 'job_x');
    mkdirSync(upload, { recursive: true });
    const tracks = randomBytes(9 * 1024 * 1024 + 17);
    writeFileSync(join(upload, 'tracks.f64'), tracks);
    writeFileSync(join(upload, 'manifest.json'), '{"format":"x"}');
    writeFileSync(join(upload, 'empty.bin'), '');
    const reference = await api.publish('job_x', upload);
    assert.equal(reference, 'db:job_x');
    assert.equal(existsSync(upload), false, 'the API process keeps no local copy');
    const copy = await worker.open(reference);
    assert.ok(readFileSync(join(copy, 'tracks.f64')).equals(tracks));
    assert.equal(readFileSync(join(copy, 'manifest.json'), 'utf8'), '{"format":"x"}');
    assert.equal(readFileSync(join(copy, 'empty.bin')).length, 0);
    // A worker that lost the job drops its copy only; the next holder still finds the upload.
    await worker.release(reference);
    assert.equal(existsSync(copy), false, 'the local copy is gone');
    const again = await worker.open(reference);
    assert.ok(readFileSync(join(again, 'tracks.f64')).equals(tracks), 'the upload itself stays');
    await worker.remove(reference);
    assert.equal(existsSync(again), false);
    const left = await store.db.selectFrom('upload_chunks').select('job_id').execute();
    assert.equal(left.length, 0);
  });
});
