// Job status and result semantics (decisions §2, §7), with jobs written through the repository.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { pendingJob } from '../support/jobs.ts';

let t: TestApp;
let accountId: string;

async function job(id: string, fields: Partial<{ status: string; result_json: string; error_message: string; expires_at: string }>) {
  await t.services.jobs.insert(pendingJob({ id, account_id: accountId, max_running: 2, created_at: t.clock.now.toISOString() }));
  if (Object.keys(fields).length) await t.services.store.db.updateTable('jobs').set(fields).where('id', '=', id).execute();
}

const get = (id: string, what: 'status' | 'result', line = 'ppa') =>
  t.app.inject({ method: 'GET', url: `/v1/risk-score/${line}-telematics/job/${id}/${what}`, headers: bearer(t.keys.enterprise) });

before(async () => {
  t = await createTestApp();
  accountId = (await t.services.accounts.accountByName('acme')).id;
});
after(() => t.close());

describe('job status and result', () => {
  it('reports a pending job and refuses its result with 409', async () => {
    await job('job_pending', {});
    assert.deepEqual((await get('job_pending', 'status')).json(), { job_id: 'job_pending', status: 'pending', error_message: null });
    const res = await get('job_pending', 'result');
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { detail: 'Job job_pending is pending' });
  });

  it('returns the stored result of a completed job', async () => {
    const result = { policy_holder_id: 'ph', vehicle_risk_scores: [], job_type: 'ppa-telematics-risk-score', version: 'v1', errors: null, aggregated_risk_score: null };
    await job('job_done', { status: 'completed', result_json: JSON.stringify(result), expires_at: '2030-01-01T00:00:00.000Z' });
    const res = await get('job_done', 'result');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), result);
  });

  it('answers 409 with the error message for a failed job', async () => {
    await job('job_failed', { status: 'failed', error_message: 'no vehicle could be scored', expires_at: '2030-01-01T00:00:00.000Z' });
    assert.equal((await get('job_failed', 'status')).json().error_message, 'no vehicle could be scored');
    const res = await get('job_failed', 'result');
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { detail: 'Job job_failed is failed: no vehicle could be scored' });
  });

  it('reports expired after retention: status 200 expired, result 410', async () => {
    await job('job_old', { status: 'completed', result_json: '{}', expires_at: '2025-05-01T00:00:00.000Z' });
    const status = await get('job_old', 'status');
    assert.equal(status.statusCode, 200);
    assert.equal(status.json().status, 'expired');
    const res = await get('job_old', 'result');
    assert.equal(res.statusCode, 410);
    assert.deepEqual(res.json(), { detail: 'Job job_old has expired' });
  });

  it('does not find a job under the other job type path', async () => {
    await job('job_ppa_only', {});
    const res = await get('job_ppa_only', 'status', 'ca');
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { detail: 'Job not found' });
  });

  it('does not find an unknown job', async () => {
    assert.equal((await get('job_nope', 'status')).statusCode, 404);
  });

  it('lets any key of the account read the job', async () => {
    await job('job_shared', {});
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/risk-score/ppa-telematics/job/job_shared/status',
      headers: bearer(t.keys.enterpriseSandbox),
    });
    assert.equal(res.statusCode, 200);
  });
});
