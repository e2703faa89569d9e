// A small telematics job end to end: the issue's "a 100,000-point PPA telematics job: under 1 s
// from queue to completed". A real `roadrisk serve` (as `npm start` runs it: dist/roadrisk.mjs,
// SQLite, the public crash data), one 100,000-point SYNTHETIC CSV (end-to-end/generate.ts --rows)
// uploaded to POST /v1/risk-score/ppa-telematics again and again, one job at a time.
//
// Usage (from the repository root):
//   node --import tsx bench/telematics/small-job.ts [--points 100000] [--vehicles 5] [--jobs 12]
//     [--workers 1] [--servers 2] [--dir /tmp/roadrisk-small-job] [--data-dir DIR] [--keep]
// --data-dir: a data dir already prepared by `roadrisk data build` (copied per server; default:
// built once into --dir).
//
// Per job, two measures of "queue to completed":
// - server: the job row's created_at (queued, after the upload was converted) → finished_at
//   (result written), from the server's SQLite file after it stopped; ms resolution;
// - client: the upload's 200 (job queued) → the first status poll that reads `completed`, polling
//   every 10 ms, so it includes up to one poll interval and one request.
// The first job of each server is shown apart: it is the cold one (code not yet optimized by V8).
// Prints a Markdown section for RESULTS.md on stdout, progress on stderr.
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, release } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { uploadMultipart } from './end-to-end/multipart-upload.ts';

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '100000' },
    vehicles: { type: 'string', default: '5' },
    jobs: { type: 'string', default: '12' },
    workers: { type: 'string', default: '1' },
    servers: { type: 'string', default: '2' },
    dir: { type: 'string', default: '/tmp/roadrisk-small-job' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const repoRoot = resolve(import.meta.dirname, '../..');
const workDir = resolve(values.dir);
const API_KEY = 'rr_live_small-job-bench-secret-00000000000000';
const POLL_MS = 10;
const progress = (message: string) => process.stderr.write(`[small-job] ${message}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface JobTiming {
  server: number;
  run: number;
  uploadSeconds: number;
  clientSeconds: number;
  serverQueuedToDone: number;
  serverQueuedToStarted: number;
  vehicles: number;
  exposureHours: number;
}

function generate(): { file: string; bytes: number; rows: number; vehicles: number; days: number } {
  const out = join(workDir, 'small.csv');
  const line = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/telematics/end-to-end/generate.ts', '--out', out, '--rows', values.points, '--bytes', '1e12', '--vehicles', values.vehicles],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(line.toString());
}

function dataTemplate(): string {
  if (values['data-dir']) return resolve(values['data-dir']);
  const dir = join(workDir, 'data-template');
  progress('building crash data (roadrisk data build)');
  execFileSync(process.execPath, ['bin/roadrisk.js', 'data', 'build'], {
    cwd: repoRoot,
    env: { ...process.env, ROADRISK_DATA_DIR: dir, ROADRISK_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  return dir;
}

async function startServer(dataDir: string): Promise<{ server: ChildProcess; base: string }> {
  const server = spawn(process.execPath, ['bin/roadrisk.js', 'serve'], {
    cwd: repoRoot,
    env: {
      ...process.env, ROADRISK_PORT: '0', ROADRISK_HOST: '127.0.0.1', ROADRISK_DATA_DIR: dataDir,
      ROADRISK_WORKERS: values.workers, ROADRISK_BOOTSTRAP_API_KEY: API_KEY, ROADRISK_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = await new Promise<string>((ok, fail) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${seen}`)), 120_000);
    server.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /roadrisk listening on (http:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        ok(match[1]);
      }
    });
    server.once('exit', (code) => fail(new Error(`server exited ${code}: ${seen}`)));
  });
  return { server, base };
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

async function oneJob(base: string, file: string): Promise<{ jobId: string; uploadSeconds: number; clientSeconds: number; vehicles: number; exposureHours: number }> {
  const started = performance.now();
  const up = await uploadMultipart(`${base}/v1/risk-score/ppa-telematics`, API_KEY, { policy_holder_id: 'bench', version: 'v1' }, file, 'small.csv');
  const answered = performance.now();
  if (up.status !== 200) throw new Error(`upload answered ${up.status}: ${up.body.slice(0, 300)}`);
  const jobId = (JSON.parse(up.body) as { job_id: string }).job_id;
  const auth = { authorization: `Bearer ${API_KEY}` };
  for (;;) {
    const res = await fetch(`${base}/v1/risk-score/ppa-telematics/job/${jobId}/status`, { headers: auth });
    const body = (await res.json()) as { status: string; error_message: string | null };
    if (body.status === 'completed') break;
    if (body.status === 'failed') throw new Error(`job failed: ${body.error_message}`);
    await sleep(POLL_MS);
  }
  const done = performance.now();
  const result = (await (await fetch(`${base}/v1/risk-score/ppa-telematics/job/${jobId}/result`, { headers: auth })).json()) as {
    vehicle_risk_scores: { metadata: { exposure_seconds: number } }[];
  };
  return {
    jobId,
    uploadSeconds: (answered - started) / 1000,
    clientSeconds: (done - answered) / 1000,
    vehicles: result.vehicle_risk_scores.length,
    exposureHours: result.vehicle_risk_scores.reduce((s, v) => s + v.metadata.exposure_seconds, 0) / 3600,
  };
}

function serverTimes(dataDir: string, jobId: string): { queuedToDone: number; queuedToStarted: number } {
  const db = new Database(join(dataDir, 'roadrisk.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select created_at, started_at, finished_at from jobs where id = ?').get(jobId) as { created_at: string; started_at: string; finished_at: string };
    const [c, s, f] = [row.created_at, row.started_at, row.finished_at].map((t) => Date.parse(t));
    return { queuedToDone: (f - c) / 1000, queuedToStarted: (s - c) / 1000 };
  } finally {
    db.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f2 = (x: number) => x.toFixed(2);
const f3 = (x: number) => x.toFixed(3);

async function main(): Promise<void> {
  const loadStart = loadavg().map((x) => x.toFixed(2)).join(' ');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const timings: JobTiming[] = [];
  try {
    progress('building the bundle if stale (scripts/build.mjs --if-stale)');
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
    const csv = generate();
    progress(`${csv.rows} points, ${csv.vehicles} vehicles, ${(csv.bytes / 1e6).toFixed(1)} MB (SYNTHETIC)`);
    const template = dataTemplate();
    if (!existsSync(join(template, 'indexes'))) throw new Error(`${template}: no built crash data`);
    for (let s = 1; s <= Number(values.servers); s++) {
      const dataDir = mkdtempSync(join(workDir, 'data-'));
      cpSync(template, dataDir, { recursive: true });
      const { server, base } = await startServer(dataDir);
      const jobs: { jobId: string; uploadSeconds: number; clientSeconds: number; vehicles: number; exposureHours: number }[] = [];
      try {
        for (let j = 1; j <= Number(values.jobs); j++) {
          jobs.push(await oneJob(base, csv.file));
          progress(`server ${s} job ${j}: client ${f3(jobs[jobs.length - 1].clientSeconds)} s`);
        }
      } finally {
        await stop(server);
      }
      jobs.forEach((job, i) => {
        const t = serverTimes(dataDir, job.jobId);
        timings.push({
          server: s, run: i + 1, uploadSeconds: job.uploadSeconds, clientSeconds: job.clientSeconds,
          serverQueuedToDone: t.queuedToDone, serverQueuedToStarted: t.queuedToStarted, vehicles: job.vehicles, exposureHours: job.exposureHours,
        });
      });
      if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
    }
    const loadEnd = loadavg().map((x) => x.toFixed(2)).join(' ');
    const first = timings.filter((t) => t.run === 1);
    const warm = timings.filter((t) => t.run > 1);
    const all = timings;
    const line = (label: string, xs: JobTiming[]) =>
      `| ${label} | ${xs.length} | ${f3(median(xs.map((t) => t.serverQueuedToDone)))} | ${f3(Math.max(...xs.map((t) => t.serverQueuedToDone)))} | ` +
      `${f3(median(xs.map((t) => t.clientSeconds)))} | ${f3(Math.max(...xs.map((t) => t.clientSeconds)))} | ${f3(median(xs.map((t) => t.serverQueuedToStarted)))} | ${f2(median(xs.map((t) => t.uploadSeconds)))} |`;
    console.log(
      [
        '## Small job: 100,000 points, queue to completed',
        '',
        `- Machine: ${cpus()[0]?.model ?? 'unknown'}, nproc ${execSync('nproc').toString().trim()}; Node ${process.version}, Linux ${release()}`,
        `- Load average (1, 5, 15 min): ${loadStart} at start, ${loadEnd} at end`,
        `- Server: \`node bin/roadrisk.js serve\` (dist/roadrisk.mjs), SQLite, ROADRISK_WORKERS=${values.workers}, the public crash data; ` +
          `${values.servers} fresh servers, ${values.jobs} jobs each, one at a time`,
        `- Data (SYNTHETIC, \`end-to-end/generate.ts --rows ${values.points} --vehicles ${values.vehicles}\`): ${csv.rows.toLocaleString('en-US')} points, ` +
          `${csv.vehicles} vehicles, ${(csv.bytes / 1e6).toFixed(1)} MB; result: ${timings[0]?.vehicles} vehicles scored, ${Math.round(timings[0]?.exposureHours ?? 0)} h of exposure`,
        '',
        '| jobs | n | queue → completed, server, median s | max s | upload 200 → `completed` seen, client, median s | max s | queue → started, median s | upload s (median) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        line('first job of a server (cold)', first),
        line('later jobs (warm)', warm),
        line('all', all),
        '',
        'Per job (server, run: server s / client s): ' + timings.map((t) => `${t.server}.${t.run}: ${f3(t.serverQueuedToDone)} / ${f3(t.clientSeconds)}`).join('; '),
      ].join('\n'),
    );
  } finally {
    if (!values.keep) rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
