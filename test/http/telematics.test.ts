// Telematics jobs end to end in one process: upload, queue, worker, status, result; rejections
// that leave nothing behind; callbacks; another account's job. Trips are SYNTHETIC.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { multipartBody } from '../support/routes.ts';
import { tripsCsv } from '../support/synthetic-trips.ts';
import { startTelematicsWorkers } from '../../src/jobs/start-workers.ts';
import type { JobRuntime } from '../../src/jobs/runtime.ts';

let t: TestApp;
let workers: JobRuntime | null;
before(async () => {
  t = await createTestApp({ crashData: true, env: { ROADRISK_WORKERS: '1', ROADRISK_MAX_UPLOAD_BYTES: '400000' } });
  workers = startTelematicsWorkers(t.services, () => {}, 20);
});
after(async () => {
  await workers?.stop();
  await t.close();
});

const oakland = { latitude: 37.80, longitude: -122.27 };
const start = new Date('2024-03-04T15:00:00Z');
const fleetCsv = tripsCsv([
  { vehicleId: 'car-1', start, minutes: 30, mph: 30, from: oakland },
  { vehicleId: 'car-1', start: new Date(start.getTime() + 3_600_000), minutes: 20, mph: 40, from: oakland, heading: 0 },
  { vehicleId: 'scooter-9', start, minutes: 2, mph: 20, from: oakland },
]);

function queue(line: 'ca' | 'ppa', csv: string, extra: { name: string; value: string }[] = [], key = t.keys.enterprise, filename = 'trips.csv') {
  const { payload, headers } = multipartBody([
    { name: 'version', value: 'v1' },
    { name: 'policy_holder_id', value: 'holder-1' },
    ...extra,
    { name: 'file', value: csv, filename },
  ]);
  return t.app.inject({ method: 'POST', url: `/v1/risk-score/${line}-telematics`, payload, headers: { ...headers, ...bearer(key) } });
}

async function waitFor(line: string, jobId: string, key = t.keys.enterprise) {
  for (let i = 0; i < 600; i++) {
    const status = (await t.app.inject({ method: 'GET', url: `/v1/risk-score/${line}-telematics/job/${jobId}/status`, headers: bearer(key) })).json();
    if (status.status === 'completed' || status.status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job did not finish');
}

const uploadsLeft = () => (existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')) : []);
/** Uploads are deleted just after the job row is written, so a reader can be a moment early. */
async function uploadsLeftAfterCleanup(): Promise<string[]> {
  for (const until = Date.now() + 10_000; uploadsLeft().length > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
  return uploadsLeft();
}

describe('telematics jobs', () => {
  it('scores a PPA upload: trips, exposure, per-state exposure, errors for too little driving', async () => {
    const queued = await queue('ppa', fleetCsv);
    assert.equal(queued.statusCode, 200, queued.body);
    const record = queued.json();
    assert.match(record.job_id, /^job_[0-9a-f]{32}$/);
    assert.ok(['pending', 'processing'].includes(record.status));
    assert.equal(record.error_message, null);
    assert.equal(queued.headers.location, `/v1/risk-score/ppa-telematics/job/${record.job_id}/status`);
    const done = await waitFor('ppa', record.job_id);
    assert.equal(done.status, 'completed', done.error_message);
    const result = (await t.app.inject({ method: 'GET', url: `/v1/risk-score/ppa-telematics/job/${record.job_id}/result`, headers: bearer(t.keys.enterprise) })).json();
    assert.equal(result.job_type, 'ppa-telematics-risk-score');
    assert.equal(result.version, 'v1');
    assert.equal(result.policy_holder_id, 'holder-1');
    assert.equal(result.vehicle_risk_scores.length, 1);
    const car = result.vehicle_risk_scores[0];
    assert.equal(car.vehicle_id, 'car-1');
    assert.equal(car.version, 'v1');
    assert.ok(car.vehicle_risk_score >= 0 && car.vehicle_risk_score <= 1);
    const m = car.metadata;
    assert.equal(m.start, '2024-03-04T15:00:00');
    assert.equal(m.end, '2024-03-04T16:20:00');
    assert.equal(m.num_trips, 2);
    assert.ok(Math.abs(m.exposure_seconds - 3000) <= 30, `exposure ${m.exposure_seconds}`);
    assert.equal(m.state_exposure.reduce((s: number, e: { exposure_seconds: number }) => s + e.exposure_seconds, 0), m.exposure_seconds);
    assert.ok(Math.abs(m.state_exposure.reduce((s: number, e: { share: number }) => s + e.share, 0) - 1) < 1e-9);
    assert.equal(m.state_exposure[0].usstate, 'CA');
    assert.deepEqual(result.errors.map((e: { vehicle_id: string }) => e.vehicle_id), ['scooter-9']);
    assert.equal(result.aggregated_risk_score, car.vehicle_risk_score);
    assert.deepEqual(await uploadsLeftAfterCleanup(), [], 'the upload is deleted once the job ends');
  });

  it('scores a CA upload with states by exposure', async () => {
    const queued = await queue('ca', fleetCsv, [{ name: 'naics_code', value: '4841' }]);
    assert.equal(queued.statusCode, 200, queued.body);
    const done = await waitFor('ca', queued.json().job_id);
    assert.equal(done.status, 'completed');
    const result = (await t.app.inject({ method: 'GET', url: `/v1/risk-score/ca-telematics/job/${queued.json().job_id}/result`, headers: bearer(t.keys.enterprise) })).json();
    assert.equal(result.job_type, 'ca-telematics-risk-score');
    assert.deepEqual(result.vehicle_risk_scores[0].telematics_metadata.states, ['CA']);
    assert.equal(result.vehicle_risk_scores[0].telematics_metadata.num_trips, 2);
  });

  it('fails a job when nothing can be scored, with a message', async () => {
    const queued = await queue('ppa', tripsCsv([{ vehicleId: 'v', start, minutes: 1, mph: 20, from: oakland }]));
    const done = await waitFor('ppa', queued.json().job_id);
    assert.equal(done.status, 'failed');
    assert.match(done.error_message, /no vehicle could be scored/);
    const result = await t.app.inject({ method: 'GET', url: `/v1/risk-score/ppa-telematics/job/${queued.json().job_id}/result`, headers: bearer(t.keys.enterprise) });
    assert.equal(result.statusCode, 409);
    assert.deepEqual(await uploadsLeftAfterCleanup(), [], 'the upload is deleted once the job fails too');
  });

  it('rejects a CSV that breaks a rule with 422 naming rule, line and column, before any job exists', async () => {
    const bad = 'vehicle_id,timestamp,latitude,longitude\nv,2024-03-04T15:00:00Z,37.8,-122.27\nv,2024-03-04T15:00:01Z,91.5,-122.27\n';
    const res = await queue('ppa', bad);
    assert.equal(res.statusCode, 422);
    const [item] = res.json().detail;
    assert.deepEqual([item.type, item.loc], ['value_error', ['body', 'file']]);
    assert.match(item.msg, /^Value error, line 3, column "latitude": .*91.5.*\(rule latitude_range\)$/);
    assert.deepEqual(uploadsLeft(), []);
    const jobs = await t.services.jobs.listForAccount((await t.services.accounts.accountByName('acme')).id);
    assert.ok(jobs.every((j) => j.status !== 'pending'));
  });

  it('answers 413 for an upload over the limit and keeps nothing', async () => {
    const big = tripsCsv([{ vehicleId: 'v', start, minutes: 200, mph: 30, from: oakland }]);
    assert.ok(big.length > 400000);
    const res = await queue('ppa', big);
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json(), { detail: 'File too large: limit is 400000 bytes' });
    assert.deepEqual(uploadsLeft(), []);
  });

  it('leaves no file and no job behind when the client aborts the upload midway', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const jobsBefore = (await t.services.store.db.selectFrom('jobs').select('id').execute()).length;
    const boundary = 'abort-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="policy_holder_id"\r\n\r\nph\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const partial = head + fleetCsv.slice(0, 50_000);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /v1/risk-score/ppa-telematics HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.keys.enterprise}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${partial.length + 100_000}\r\n\r\n`,
        );
        socket.write(partial, () => setTimeout(() => (socket.destroy(), resolve()), 200));
      });
      socket.on('error', () => resolve());
    });
    // The server cleans up once it notices the abort: half a second, then up to 10 s more if loaded.
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(await uploadsLeftAfterCleanup(), []);
    assert.equal((await t.services.store.db.selectFrom('jobs').select('id').execute()).length, jobsBefore);
  });

  it('counts night driving in local time across a DST change (New York, 2024-03-10)', async () => {
    // 07:30-08:30 UTC is 03:30-04:30 EDT after the 02:00 EST → 03:00 EDT change: half of it
    // before 04:00 local. A fixed EST offset would call the whole hour night.
    const csv = tripsCsv([{ vehicleId: 'cab', start: new Date('2024-03-10T07:30:00Z'), minutes: 60, mph: 25, from: { latitude: 40.70, longitude: -73.95 }, heading: 0 }]);
    const queued = await queue('ppa', csv);
    assert.equal(queued.statusCode, 200, queued.body);
    assert.equal((await waitFor('ppa', queued.json().job_id)).status, 'completed');
    const result = (await t.app.inject({ method: 'GET', url: `/v1/risk-score/ppa-telematics/job/${queued.json().job_id}/result`, headers: bearer(t.keys.enterprise) })).json();
    const figures = result.vehicle_risk_scores[0].metadata.figures;
    assert.ok(Math.abs(figures.night_share - 0.5) < 0.02, `night share ${figures.night_share}`);
  });

  it("does not show one account's job to another", async () => {
    const queued = await queue('ppa', fleetCsv);
    const res = await t.app.inject({ method: 'GET', url: `/v1/risk-score/ppa-telematics/job/${queued.json().job_id}/status`, headers: bearer(t.keys.otherEnterprise) });
    assert.equal(res.statusCode, 404);
    await waitFor('ppa', queued.json().job_id);
  });
});

describe('job callbacks', () => {
  let server: Server;
  const received: { body: string; signature: string }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['roadrisk-signature']) });
        res.writeHead(received.length === 1 ? 500 : 204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('POSTs the job record when the job ends, signed, retrying after a failure', async () => {
    const port = (server.address() as { port: number }).port;
    const queued = await queue('ppa', fleetCsv, [{ name: 'callback_url', value: `http://127.0.0.1:${port}/hook` }]);
    assert.equal(queued.statusCode, 200, queued.body);
    await waitFor('ppa', queued.json().job_id);
    for (let i = 0; i < 200 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(received.length, 2, 'one failed delivery, then a retry');
    const { body, signature } = received[1];
    assert.deepEqual(JSON.parse(body), { job_id: queued.json().job_id, status: 'completed', error_message: null });
    const [, t_, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    const key = createHash('sha256').update(t.keys.enterprise).digest('hex');
    assert.equal(createHmac('sha256', key).update(`${t_}.${body}`).digest('hex'), v1);
  });

  it('refuses a callback URL that is not http(s)', async () => {
    const res = await queue('ppa', fleetCsv, [{ name: 'callback_url', value: 'file:///etc/passwd' }]);
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().detail[0].loc, ['body', 'callback_url']);
  });
});
