// A worker killed with SIGKILL in the middle of a job (real processes, both engines): the job is
// taken over when the lease ends and completes exactly once. Trips are SYNTHETIC.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cliEnv, startServe } from '../support/process.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { multipartBody } from '../support/routes.ts';
import { tripsCsv } from '../support/synthetic-trips.ts';
import { openStore } from '../../src/storage/database.ts';

const SECRET = 'rr_live_midJobKillBootstrapKey00000000000000';
const children = new Set<ChildProcess>();
let dataDir = '';
let database: TestDatabase | null = null;

after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startWorker(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'worker'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('roadrisk worker running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${stderr}`)));
  });
}

describe('a worker killed mid-job', { timeout: 300_000 }, () => {
  it('leaves the job to another worker, which completes it exactly once', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'roadrisk-kill-'));
    const fixture = process.env.ROADRISK_TEST_FIXTURE!;
    if (existsSync(join(fixture, 'roadrisk.sqlite'))) copyFileSync(join(fixture, 'roadrisk.sqlite'), join(dataDir, 'roadrisk.sqlite'));
    cpSync(join(fixture, 'indexes'), join(dataDir, 'indexes'), { recursive: true });
    database = await createTestDatabase();
    const env = (extra: Record<string, string>) =>
      cliEnv(dataDir, { ROADRISK_JOB_LEASE_SECONDS: '3', ...(database!.url ? { ROADRISK_DATABASE_URL: database!.url } : {}), ...extra });
    const api = await startServe(env({ ROADRISK_WORKERS: '0', ROADRISK_BOOTSTRAP_API_KEY: SECRET }));
    children.add(api.child);
    const first = await startWorker(env({ ROADRISK_WORKERS: '1' }));

    // 120 vehicles × 3 hours at 1 Hz (1.3M points): long enough to be caught in the middle.
    const start = new Date('2024-06-03T13:00:00Z');
    const csv = tripsCsv(
      Array.from({ length: 120 }, (_, i) => ({ vehicleId: `truck-${i}`, start, minutes: 180, mph: 45, from: { latitude: 35 + (i % 10) * 0.3, longitude: -100 + Math.floor(i / 10) * 0.4 } })),
    );
    const { payload, headers } = multipartBody([
      { name: 'policy_holder_id', value: 'fleet' },
      { name: 'file', value: csv, filename: 'fleet.csv' },
    ]);
    const queued = await fetch(`${api.url}/v1/risk-score/ca-telematics`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${SECRET}` },
      body: new Uint8Array(payload),
    });
    const text = await queued.text();
    assert.equal(queued.status, 200, text);
    const jobId = JSON.parse(text).job_id as string;

    const store = await openStore({ databaseUrl: database.url, dataDir });
    try {
      const job = () => store.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      let row = await job();
      while (row.status === 'pending') {
        await new Promise((r) => setTimeout(r, 5));
        row = await job();
      }
      first.kill('SIGKILL');
      assert.equal(row.status, 'processing', 'the first worker was killed while it held the job');
      assert.equal(row.attempts, 1);
      await new Promise((r) => first.once('exit', r));
      assert.equal((await job()).status, 'processing', 'the dead worker never finished it');

      await startWorker(env({ ROADRISK_WORKERS: '1' }));
      const deadline = Date.now() + 120_000;
      while ((row = await job()).status === 'processing' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      assert.equal(row.status, 'completed', row.error_message ?? '');
      assert.equal(row.attempts, 2, 'leased once by each worker');
      const result = JSON.parse(row.result_json!);
      assert.equal(result.vehicle_risk_scores.length + (result.errors?.length ?? 0), 120);
      assert.equal(row.upload_dir, null);
      const chunks = await store.db.selectFrom('upload_chunks').select('job_id').execute();
      assert.equal(chunks.length, 0);
      // The worker deletes the upload folder right after it writes the result, so the row can read
      // completed a moment before the folder is gone (longer on a loaded machine: give it 10 s).
      const uploads = join(dataDir, 'uploads');
      const uploadsLeft = () => (existsSync(uploads) ? readdirSync(uploads) : []);
      for (const until = Date.now() + 10_000; uploadsLeft().length > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(uploadsLeft(), [], 'the upload is deleted once the job ends');
    } finally {
      await store.close();
    }
  });
});
