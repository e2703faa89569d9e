// Scale-out under faults (PostgreSQL pass): 2 API processes and 3 worker processes on one
// database; 300 telematics jobs submitted while workers are killed with SIGKILL and restarted at
// random. Every job must end `completed`, its result written once (one callback at most), and no
// upload left behind. Trips are SYNTHETIC.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cliEnv, startServe } from '../support/process.ts';
import { createTestDatabase, PG_ADMIN_URL, type TestDatabase } from '../support/database.ts';
import { multipartBody } from '../support/routes.ts';
import { tripsCsv } from '../support/synthetic-trips.ts';
import { openStore } from '../../src/storage/database.ts';

const JOBS = 300;
const SECRET = 'rr_live_faultTestBootstrapKey0000000000000';
const skip = PG_ADMIN_URL ? false : 'runs in the PostgreSQL pass: API and worker processes share one database';

const children = new Set<ChildProcess>();
const dirs: string[] = [];
let database: TestDatabase | null = null;

after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A data dir of its own per process, as on separate machines; the crash index file is copied in. */
function machineDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'roadrisk-node-'));
  dirs.push(dir);
  cpSync(join(process.env.ROADRISK_TEST_FIXTURE!, 'indexes'), join(dir, 'indexes'), { recursive: true });
  return dir;
}

function startWorker(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'worker'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('roadrisk worker running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${stderr}`)));
  });
}

function filesUnder(dir: string): string[] {
  let found: string[] = [];
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) found = found.concat(filesUnder(path));
    else found.push(path);
  }
  return found;
}

describe('scale-out under faults', { skip, timeout: 600_000 }, () => {
  it(`${JOBS} jobs over 2 API processes and 3 workers killed at random: all complete, once, nothing left behind`, async () => {
    database = await createTestDatabase();
    const common = { ROADRISK_DATABASE_URL: database.url!, ROADRISK_JOB_LEASE_SECONDS: '3', ROADRISK_LOG_LEVEL: 'error' };
    const apiDirs = [machineDir(), machineDir()];
    const apis: Awaited<ReturnType<typeof startServe>>[] = [];
    for (const dir of apiDirs) {
      const api = await startServe(cliEnv(dir, { ...common, ROADRISK_WORKERS: '0', ROADRISK_BOOTSTRAP_API_KEY: SECRET }));
      children.add(api.child);
      apis.push(api);
    }
    const workerDirs = [machineDir(), machineDir(), machineDir()];
    const workerEnv = (i: number) => cliEnv(workerDirs[i], { ...common, ROADRISK_WORKERS: '2' });
    const workers: ChildProcess[] = await Promise.all(workerDirs.map((_, i) => startWorker(workerEnv(i))));

    const callbacks = new Map<string, number>();
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const { job_id: id } = JSON.parse(body);
        callbacks.set(id, (callbacks.get(id) ?? 0) + 1);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/done`;

    // Every 0.5-1 s a random running worker is killed with SIGKILL and a replacement started on
    // its machine (it takes a few seconds to load its models), a dozen times in all.
    let kills = 0;
    let chaos = true;
    const restarts: Promise<unknown>[] = [];
    const ready: (ChildProcess | null)[] = [...workers];
    const chaosLoop = (async () => {
      while (chaos && kills < 12) {
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 500));
        const running = ready.map((w, i) => (w ? i : -1)).filter((i) => i >= 0);
        if (running.length === 0) continue;
        const i = running[Math.floor(Math.random() * running.length)];
        ready[i]!.kill('SIGKILL');
        ready[i] = null;
        kills += 1;
        restarts.push(startWorker(workerEnv(i)).then((w) => (ready[i] = w)));
      }
      await Promise.all(restarts);
    })();

    const csv = tripsCsv([{ vehicleId: 'van', start: new Date('2024-05-01T12:00:00Z'), minutes: 15, mph: 30, from: { latitude: 39.74, longitude: -104.99 } }]);
    const jobIds: string[] = [];
    let next = 0;
    const submit = async () => {
      while (next < JOBS) {
        const n = next++;
        const { payload, headers } = multipartBody([
          { name: 'policy_holder_id', value: `holder-${n}` },
          { name: 'callback_url', value: hookUrl },
          { name: 'file', value: csv, filename: 'trip.csv' },
        ]);
        const res = await fetch(`${apis[n % 2].url}/v1/risk-score/ppa-telematics`, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${SECRET}` },
          body: new Uint8Array(payload),
        });
        const text = await res.text();
        assert.equal(res.status, 200, text);
        jobIds.push((JSON.parse(text) as { job_id: string }).job_id);
      }
    };
    try {
      await Promise.all(Array.from({ length: 6 }, submit));
    } catch (error) {
      chaos = false;
      await chaosLoop;
      throw error;
    }

    const store = await openStore({ databaseUrl: database.url, dataDir: machineDir() });
    try {
      const deadline = Date.now() + 300_000;
      let counts: Record<string, number> = {};
      while (Date.now() < deadline) {
        counts = await store.db
          .selectFrom('jobs')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute()
          .then((rows) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])));
        if (counts.completed === JOBS) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      chaos = false;
      await chaosLoop;
      assert.deepEqual(counts, { completed: JOBS }, `job states after the run (${kills} kills)`);
      assert.equal(kills, 12, 'workers were killed a dozen times');
      const jobs = await store.db.selectFrom('jobs').select(['id', 'result_json', 'upload_dir']).execute();
      assert.deepEqual(jobs.map((j) => j.id).sort(), [...jobIds].sort());
      for (const job of jobs) {
        const result = JSON.parse(job.result_json!);
        assert.equal(result.vehicle_risk_scores.length, 1);
        assert.equal(job.upload_dir, null);
      }
      for (const id of jobIds) assert.ok((callbacks.get(id) ?? 0) <= 1, `job ${id} was reported finished twice`);
      const chunks = await store.db.selectFrom('upload_chunks').select('job_id').execute();
      assert.equal(chunks.length, 0, 'no upload left in the database');
      // A killed worker's local copy is removed when its replacement starts on the same machine;
      // the live workers hold none once every job is done (a worker deletes its copy just after
      // it writes the result, or once it knows it lost the job: allow that a moment, 10 s).
      for (const dir of [...apiDirs, ...workerDirs]) {
        const leftovers = () =>
          ['uploads', 'work'].flatMap((sub) => {
            try {
              return statSync(join(dir, sub)).isDirectory() ? filesUnder(join(dir, sub)) : [];
            } catch {
              return [];
            }
          });
        for (const until = Date.now() + 10_000; leftovers().length > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
        assert.deepEqual(leftovers(), [], `files left under ${dir}`);
      }
    } finally {
      chaos = false;
      await chaosLoop;
      await store.close();
      hook.close();
    }
  });
});
