// The embedded queue: leases, a dead worker's job taken over, results written once, per-plan
// limits on jobs running at once, retention. Time moves by changing the clock, not by sleeping.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../src/storage/database.ts';
import { JobsRepository, type NewJob } from '../../src/storage/repositories/jobs.ts';
import { AccountsRepository } from '../../src/storage/repositories/accounts.ts';
import { EmbeddedJobQueue } from '../../src/jobs/queue.ts';
import { WorkerPool, type JobHandler } from '../../src/jobs/worker.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { pendingJob } from '../support/jobs.ts';

let dir: string;
let store: Store;
let database: TestDatabase;
let jobs: JobsRepository;
const clock = { now: new Date('2025-01-01T00:00:00Z') };
const LEASE = 30_000;
let queue: EmbeddedJobQueue;
let seq = 0;

function newJob(account: string, maxRunning = 8): NewJob {
  seq += 1;
  return pendingJob({
    id: `job_${String(seq).padStart(32, '0')}`,
    account_id: account,
    max_running: maxRunning,
    created_at: new Date(clock.now.getTime() + seq).toISOString(),
  });
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roadrisk-queue-'));
  database = await createTestDatabase();
  store = await openStore({ databaseUrl: database.url, dataDir: dir });
  const accounts = new AccountsRepository(store.db);
  for (const id of ['a', 'b']) await accounts.insert({ id, name: id, plan: 'standard', email: null, password_hash: null, created_at: clock.now.toISOString() });
  jobs = new JobsRepository(store.db);
  queue = new EmbeddedJobQueue(jobs, { leaseMs: LEASE, retentionMs: 30 * 86_400_000, now: () => clock.now });
});
beforeEach(async () => {
  await store.db.deleteFrom('jobs').execute();
});
after(async () => {
  await store.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('embedded job queue', () => {
  it('leases the oldest pending job to one worker only', async () => {
    const first = newJob('a');
    await jobs.insert(first);
    await jobs.insert(newJob('a'));
    const claimed = await queue.claim('w1');
    assert.equal(claimed?.id, first.id);
    assert.equal(claimed?.status, 'processing');
    assert.equal(claimed?.attempts, 1);
    const second = await queue.claim('w2');
    assert.notEqual(second?.id, first.id);
    assert.equal(await queue.claim('w3'), undefined);
  });

  it("hands a dead worker's job to another once the lease ends, and the dead worker cannot finish it", async () => {
    const job = newJob('a');
    await jobs.insert(job);
    await queue.claim('dead');
    assert.equal(await queue.claim('alive'), undefined, 'still leased');
    clock.now = new Date(clock.now.getTime() + LEASE + 1);
    const retaken = await queue.claim('alive');
    assert.equal(retaken?.id, job.id);
    assert.equal(retaken?.attempts, 2);
    assert.equal(await queue.finish(job.id, 'dead', { status: 'completed', resultJson: '{"from":"dead"}' }), false);
    assert.equal(await queue.finish(job.id, 'alive', { status: 'completed', resultJson: '{"from":"alive"}' }), true);
    assert.equal(await queue.finish(job.id, 'alive', { status: 'completed', resultJson: '{"again":1}' }), false, 'a result is written once');
    const row = await jobs.findForAccount(job.id, 'a', 'ppa-telematics');
    assert.equal(row?.result_json, '{"from":"alive"}');
    assert.equal(row?.status, 'completed');
  });

  it('keeps a lease alive while it is renewed', async () => {
    const job = newJob('a');
    await jobs.insert(job);
    await queue.claim('w1');
    clock.now = new Date(clock.now.getTime() + LEASE - 1000);
    assert.equal(await queue.renew(job.id, 'w1'), true);
    clock.now = new Date(clock.now.getTime() + LEASE - 1000);
    assert.equal(await queue.claim('w2'), undefined);
    assert.equal(await queue.renew(job.id, 'w2'), false, 'only the holder renews');
  });

  it("runs no more of an account's jobs at once than its plan allows", async () => {
    for (let i = 0; i < 3; i++) await jobs.insert(newJob('a', 2));
    await jobs.insert(newJob('b', 2));
    const claimed = [await queue.claim('w1'), await queue.claim('w2'), await queue.claim('w3'), await queue.claim('w4')];
    assert.deepEqual(claimed.map((j) => j?.account_id), ['a', 'a', 'b', undefined]);
    await queue.finish(claimed[0]!.id, 'w1', { status: 'completed', resultJson: '{}' });
    assert.equal((await queue.claim('w5'))?.account_id, 'a', 'a slot freed up');
  });

  it('expires finished jobs after retention and drops their result', async () => {
    const job = newJob('a');
    await jobs.insert(job);
    await queue.claim('w');
    await queue.finish(job.id, 'w', { status: 'completed', resultJson: '{}' });
    assert.equal(await jobs.expireFinished(new Date(clock.now.getTime() + 29 * 86_400_000)), 0);
    assert.equal(await jobs.expireFinished(new Date(clock.now.getTime() + 31 * 86_400_000)), 1);
    const row = await jobs.findForAccount(job.id, 'a', 'ppa-telematics');
    assert.deepEqual([row?.status, row?.result_json], ['expired', null]);
  });
});

/** Resolves once the worker pool tells its handler to stop (at once if it already has). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}

/** Runs a pool over one queued job until it has reported the job finished or abandoned. */
async function runUntilReported(jobQueue: EmbeddedJobQueue, handler: JobHandler, concurrency = 1): Promise<{ finished: string[]; abandoned: string[] }> {
  const finished: string[] = [];
  const abandoned: string[] = [];
  const pool = new WorkerPool(jobQueue, handler, { concurrency, pollMs: 5, onFinished: (j) => finished.push(j.id), onAbandoned: (j) => abandoned.push(j.id) });
  pool.start();
  while (finished.length + abandoned.length === 0) await new Promise((r) => setTimeout(r, 10));
  await pool.stop();
  return { finished, abandoned };
}

describe('worker pool', () => {
  it('runs each queued job once and reports it finished', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const job = newJob('a');
      ids.push(job.id);
      await jobs.insert(job);
    }
    const handled: string[] = [];
    const finished: string[] = [];
    const pool = new WorkerPool(queue, async (job) => {
      handled.push(job.id);
      return { status: 'completed', resultJson: JSON.stringify({ id: job.id }) };
    }, { concurrency: 2, pollMs: 10, onFinished: (job) => finished.push(job.id) });
    pool.start();
    while (finished.length < 5) await new Promise((r) => setTimeout(r, 10));
    await pool.stop();
    assert.deepEqual([...handled].sort(), ids);
    assert.deepEqual([...finished].sort(), ids);
  });

  it('fails a job whose handler throws, with a message that leaks nothing', async () => {
    const job = newJob('a');
    await jobs.insert(job);
    const pool = new WorkerPool(queue, async () => {
      throw new Error('secret internals');
    }, { concurrency: 1, pollMs: 10 });
    pool.start();
    let row;
    do {
      await new Promise((r) => setTimeout(r, 10));
      row = await jobs.findForAccount(job.id, 'a', 'ppa-telematics');
    } while (row?.status !== 'failed');
    await pool.stop();
    assert.equal(row.error_message, 'the calculation failed unexpectedly');
  });

  it('leaves a job whose lease it lost to the new holder: writes nothing, reports it abandoned', { timeout: 30_000 }, async () => {
    const job = newJob('a');
    await jobs.insert(job);
    // Renewals every 20 ms of real time; the lease is lost by moving the shared clock past it.
    const shortLease = new EmbeddedJobQueue(jobs, { leaseMs: 60, retentionMs: 86_400_000, now: () => clock.now });
    let sawAbort = false;
    const { finished, abandoned } = await runUntilReported(shortLease, async (_job, signal) => {
      clock.now = new Date(clock.now.getTime() + 61);
      assert.ok(await shortLease.claim('other-worker'), 'another worker takes the job over');
      await aborted(signal);
      sawAbort = true;
      return { status: 'completed', resultJson: '{"late":true}' };
    });
    assert.equal(sawAbort, true, 'the handler was told to stop');
    assert.deepEqual([finished, abandoned], [[], [job.id]]);
    const row = await jobs.findForAccount(job.id, 'a', 'ppa-telematics');
    assert.deepEqual([row?.status, row?.lease_owner, row?.result_json], ['processing', 'other-worker', null]);
  });

  it('reports a job abandoned when its lease went to another worker before the result was written', { timeout: 30_000 }, async () => {
    const job = newJob('a');
    await jobs.insert(job);
    const { finished, abandoned } = await runUntilReported(queue, async () => {
      // Taken over between two renewals: the renewal never saw it, the finish is refused.
      clock.now = new Date(clock.now.getTime() + LEASE + 1);
      assert.ok(await queue.claim('other-worker'));
      return { status: 'completed', resultJson: '{}' };
    });
    assert.deepEqual([finished, abandoned], [[], [job.id]]);
    assert.equal((await jobs.findForAccount(job.id, 'a', 'ppa-telematics'))?.lease_owner, 'other-worker');
  });

  it('does not report a job abandoned while another slot of the same pool holds it', { timeout: 30_000 }, async () => {
    const job = newJob('a');
    await jobs.insert(job);
    const shortLease = new EmbeddedJobQueue(jobs, { leaseMs: 60, retentionMs: 86_400_000, now: () => clock.now });
    let calls = 0;
    let firstStopped = false;
    const { finished, abandoned } = await runUntilReported(shortLease, async (held, signal) => {
      calls += 1;
      if (calls === 1) {
        // Move time on until the pool's other slot takes the job over, then wait to be told.
        const row = () => jobs.findForAccount(held.id, 'a', 'ppa-telematics');
        while ((await row())?.lease_owner === held.lease_owner) {
          clock.now = new Date(clock.now.getTime() + 61);
          await new Promise((r) => setTimeout(r, 5));
        }
        // The clock may have passed the new lease just after it was taken; the other slot's next
        // renewal mends that (the clock stands still from here), so this slot cannot take it back.
        while ((await row())!.lease_until! <= clock.now.toISOString()) await new Promise((r) => setTimeout(r, 5));
        await aborted(signal);
        firstStopped = true;
        return { status: 'completed', resultJson: '{}' };
      }
      while (!firstStopped) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20));
      return { status: 'completed', resultJson: '{"by":"second slot"}' };
    }, 2);
    assert.equal(calls, 2);
    assert.deepEqual([finished, abandoned], [[job.id], []], 'the slot that lost it leaves the shared local copy alone');
  });

  it('gives up on a job that keeps killing its workers', async () => {
    const job = newJob('a');
    await jobs.insert(job);
    for (let i = 0; i < 4; i++) {
      await queue.claim(`crashing-${i}`);
      clock.now = new Date(clock.now.getTime() + LEASE + 1);
    }
    let ran = false;
    const pool = new WorkerPool(queue, async () => {
      ran = true;
      return { status: 'completed', resultJson: '{}' };
    }, { concurrency: 1, pollMs: 10, maxAttempts: 3 });
    pool.start();
    let row;
    do {
      await new Promise((r) => setTimeout(r, 10));
      row = await jobs.findForAccount(job.id, 'a', 'ppa-telematics');
    } while (row?.status === 'processing' || row?.status === 'pending');
    await pool.stop();
    assert.equal(ran, false);
    assert.equal(row?.status, 'failed');
    assert.match(row?.error_message ?? '', /interrupted/);
  });
});
