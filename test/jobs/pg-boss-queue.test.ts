// The pg-boss queue (PostgreSQL pass only): deliveries at least once, effect exactly once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PgBoss from 'pg-boss';
import { openStore, type Store } from '../../src/storage/database.ts';
import { JobsRepository } from '../../src/storage/repositories/jobs.ts';
import { AccountsRepository } from '../../src/storage/repositories/accounts.ts';
import { PgBossJobQueue, startPgBoss } from '../../src/jobs/pg-boss-queue.ts';
import { createTestDatabase, PG_ADMIN_URL, type TestDatabase } from '../support/database.ts';
import { pendingJob } from '../support/jobs.ts';

const skip = PG_ADMIN_URL ? false : 'pg-boss runs on PostgreSQL only (the PostgreSQL pass of npm test)';
let dir: string;
let database: TestDatabase;
let store: Store;
let boss: PgBoss;
let jobs: JobsRepository;
const clock = { now: new Date() };
let queue: PgBossJobQueue;

async function insertJob(id: string, maxRunning = 8) {
  await jobs.insert(pendingJob({ id, account_id: 'acct', max_running: maxRunning, created_at: clock.now.toISOString() }));
}

describe('pg-boss job queue', { skip }, () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'roadrisk-pgboss-'));
    database = await createTestDatabase();
    store = await openStore({ databaseUrl: database.url, dataDir: dir });
    await new AccountsRepository(store.db).insert({ id: 'acct', name: 'acct', plan: 'standard', email: null, password_hash: null, created_at: clock.now.toISOString() });
    jobs = new JobsRepository(store.db);
    boss = await startPgBoss(database.url!, 30_000);
    queue = new PgBossJobQueue(boss, jobs, { retentionMs: 86_400_000, now: () => clock.now, leaseMs: 30_000 });
  });
  after(async () => {
    await boss?.stop({ graceful: false, wait: true });
    await store?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers an announced job to one worker', async () => {
    await insertJob('job_a');
    await queue.announce('job_a');
    const claimed = await queue.claim('w1');
    assert.equal(claimed?.id, 'job_a');
    assert.equal(await queue.claim('w2'), undefined);
    assert.equal(await queue.finish('job_a', 'w1', { status: 'completed', resultJson: '{}' }), true);
  });

  it('acknowledges a duplicate delivery of a finished job without running it again', async () => {
    await insertJob('job_b');
    await queue.announce('job_b');
    await queue.announce('job_b');
    const first = await queue.claim('w1');
    assert.equal(first?.id, 'job_b');
    await queue.finish('job_b', 'w1', { status: 'completed', resultJson: '{"once":true}' });
    assert.equal(await queue.claim('w2'), undefined, 'the second delivery finds the job finished');
    assert.equal((await jobs.findById('job_b'))?.result_json, '{"once":true}');
  });

  it('leases a job whose announcement was lost once it is a few minutes old', async () => {
    await insertJob('job_c');
    assert.equal(await queue.claim('w1'), undefined);
    clock.now = new Date(clock.now.getTime() + 6 * 30_000 + 1000);
    assert.equal((await queue.claim('w1'))?.id, 'job_c');
  });
});
