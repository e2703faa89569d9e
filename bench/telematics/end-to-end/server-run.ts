// One end-to-end measurement: a fresh `roadrisk serve` on a copy of the prepared data directory,
// one streamed upload, status polled every 200 ms until the job ends, the result summarized, the
// server stopped. Memory and CPU of the server process are sampled per phase (process-sampler.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { ProcessSampler, type PhaseStats } from './process-sampler.ts';
import { uploadMultipart } from './multipart-upload.ts';

export interface RunOptions {
  repoRoot: string;
  workDir: string;
  templateDataDir: string;
  file: string;
  workers: number;
  apiKey: string;
  /** When set, the server runs with --cpu-prof and writes its profile here on exit. */
  cpuProfDir?: string;
  /** Extra node flags for the server (diagnostics, e.g. --import of a probe). */
  nodeArgs?: string[];
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /** The server's entry script (relative to repoRoot); default the package's bin. */
  entry?: string;
  /**
   * Send SIGUSR2 once the server listens (with memory-probe.mjs and --expose-gc in nodeArgs: one
   * full collection) and wait a second before the upload.
   */
  gcBeforeUpload?: boolean;
  keep?: boolean;
}

export interface ResultSummary {
  vehicles: number;
  errors: number;
  exposureHours: number;
  aggregatedRiskScore: number | null;
  states: number;
  resultBytes: number;
  medianVehicleScore: number;
  /** How often each factor is a vehicle's largest contribution (plausibility of the synthetic data). */
  leadingFactors: Record<string, number>;
}

export interface RunMeasurement {
  fileBytes: number;
  workers: number;
  idleRssMb: number;
  /** Upload start → the POST's answer (job queued): the server converts while the bytes arrive. */
  uploadSeconds: number;
  /** Upload start → the client's last byte written to the socket. */
  sentSeconds: number;
  /** POST answered → status `completed` (or `failed`) seen by the 200 ms poll. */
  processingSeconds: number;
  totalSeconds: number;
  status: string;
  errorMessage: string | null;
  /** From the job row: created → claimed by a worker → finished (server clock). */
  queuedSeconds: number | null;
  computeSeconds: number | null;
  maxPollMs: number;
  upload: PhaseStats;
  processing: PhaseStats;
  result: ResultSummary | null;
  /** ms from `completed` seen to the converted upload's directory gone; null if not within 20 s. */
  uploadDeletedMs: number | null;
  /** Upload directories still in the data dir after the server stopped. */
  uploadsLeftBehind: number;
  /** Date.now() at the upload's start, the POST's answer and the job's end (to align probe files). */
  wallClock: { started: number; answered: number; done: number };
  /** The same instants on CLOCK_MONOTONIC in µs, the clock of V8's .cpuprofile timestamps. */
  monotonicUs: { started: number; answered: number; done: number };
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const LISTENING = /roadrisk listening on (http:\/\/\S+)/;

export async function measureOnce(o: RunOptions): Promise<RunMeasurement> {
  const dataDir = mkdtempSync(join(o.workDir, 'data-'));
  cpSync(o.templateDataDir, dataDir, { recursive: true });
  const log = createWriteStream(join(o.workDir, `server-${Date.now()}.log`));
  // --cpu-prof is refused in NODE_OPTIONS, so it goes on the command line.
  const profiling = o.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfDir}`] : [];
  const server = spawn(process.execPath, [...profiling, ...(o.nodeArgs ?? []), o.entry ?? 'bin/roadrisk.js', 'serve'], {
    cwd: o.repoRoot,
    env: {
      ...process.env,
      ROADRISK_PORT: '0',
      ROADRISK_HOST: '127.0.0.1',
      ROADRISK_DATA_DIR: dataDir,
      ROADRISK_WORKERS: String(o.workers),
      ROADRISK_BOOTSTRAP_API_KEY: o.apiKey,
      ROADRISK_LOG_LEVEL: 'warn',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.pipe(log);
  try {
    const base = await listeningUrl(server, log);
    await fetch(`${base}/v1/health`).then((r) => r.text());
    if (o.gcBeforeUpload) {
      server.kill('SIGUSR2');
      await sleep(1000);
    }
    const sampler = new ProcessSampler(server.pid!);
    const idleRssMb = sampler.rssMb();
    sampler.begin('upload');
    const started = performance.now();
    const startedWall = Date.now();
    const startedMono = monotonicUs();
    const fields = { policy_holder_id: 'bench', version: 'v1' };
    const up = await uploadMultipart(`${base}/v1/risk-score/ppa-telematics`, o.apiKey, fields, o.file, 'fleet.csv');
    const answered = performance.now();
    const answeredWall = Date.now();
    const answeredMono = monotonicUs();
    sampler.begin('processing');
    if (up.status !== 200) throw new Error(`upload answered ${up.status}: ${up.body.slice(0, 500)}`);
    const jobId = (JSON.parse(up.body) as { job_id: string }).job_id;
    const { status, errorMessage, maxPollMs } = await pollUntilDone(base, o.apiKey, jobId);
    const done = performance.now();
    const doneWall = Date.now();
    const doneMono = monotonicUs();
    sampler.end();
    const result = status === 'completed' ? await fetchResult(base, o.apiKey, jobId) : null;
    const uploadDeletedMs = await waitForUploadsGone(dataDir, done);
    await stop(server);
    const times = jobTimes(dataDir, jobId);
    return {
      fileBytes: up.bytes,
      workers: o.workers,
      idleRssMb,
      uploadSeconds: (answered - started) / 1000,
      sentSeconds: up.sentMs / 1000,
      processingSeconds: (done - answered) / 1000,
      totalSeconds: (done - started) / 1000,
      status,
      errorMessage,
      ...times,
      maxPollMs,
      upload: sampler.phases[0],
      processing: sampler.phases[1],
      result,
      uploadDeletedMs,
      uploadsLeftBehind: countUploads(dataDir),
      wallClock: { started: startedWall, answered: answeredWall, done: doneWall },
      monotonicUs: { started: startedMono, answered: answeredMono, done: doneMono },
    };
  } finally {
    if (server.exitCode === null && server.signalCode === null) await stop(server);
    log.end();
    if (!o.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

function listeningUrl(server: ChildProcess, log: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${seen.slice(-2000)}`)), 120_000);
    server.stderr!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      seen += chunk.toString();
      const match = LISTENING.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${seen.slice(-2000)}`)));
  });
}

async function pollUntilDone(base: string, apiKey: string, jobId: string) {
  let maxPollMs = 0;
  const deadline = performance.now() + 30 * 60_000;
  while (performance.now() < deadline) {
    const asked = performance.now();
    const res = await fetch(`${base}/v1/risk-score/ppa-telematics/job/${jobId}/status`, { headers: { authorization: `Bearer ${apiKey}` } });
    const body = (await res.json()) as { status: string; error_message: string | null };
    maxPollMs = Math.max(maxPollMs, performance.now() - asked);
    if (res.status !== 200) throw new Error(`status answered ${res.status}: ${JSON.stringify(body)}`);
    if (body.status === 'completed' || body.status === 'failed') return { status: body.status, errorMessage: body.error_message, maxPollMs };
    await sleep(200);
  }
  throw new Error(`job ${jobId} did not finish within 30 minutes`);
}

interface PpaResult {
  vehicle_risk_scores: {
    vehicle_risk_score: number;
    metadata: { exposure_seconds: number; state_exposure: { usstate: string }[]; factors?: { name: string }[] };
  }[];
  errors: unknown[] | null;
  aggregated_risk_score?: number | null;
}

async function fetchResult(base: string, apiKey: string, jobId: string): Promise<ResultSummary> {
  const res = await fetch(`${base}/v1/risk-score/ppa-telematics/job/${jobId}/result`, { headers: { authorization: `Bearer ${apiKey}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`result answered ${res.status}: ${text.slice(0, 500)}`);
  const result = JSON.parse(text) as PpaResult;
  const items = result.vehicle_risk_scores;
  const states = new Set(items.flatMap((v) => v.metadata.state_exposure.map((e) => e.usstate)));
  const scores = items.map((v) => v.vehicle_risk_score).sort((a, b) => a - b);
  const leadingFactors: Record<string, number> = {};
  for (const v of items) {
    const name = v.metadata.factors?.[0]?.name ?? 'none';
    leadingFactors[name] = (leadingFactors[name] ?? 0) + 1;
  }
  return {
    vehicles: items.length,
    errors: result.errors?.length ?? 0,
    exposureHours: items.reduce((sum, v) => sum + v.metadata.exposure_seconds, 0) / 3600,
    aggregatedRiskScore: result.aggregated_risk_score ?? null,
    states: states.size,
    resultBytes: Buffer.byteLength(text),
    medianVehicleScore: scores[Math.floor(scores.length / 2)] ?? NaN,
    leadingFactors,
  };
}

/** Server-side timestamps of the job (SQLite store, read after the server stopped). */
function jobTimes(dataDir: string, jobId: string): { queuedSeconds: number | null; computeSeconds: number | null } {
  const dbPath = join(dataDir, 'roadrisk.sqlite');
  if (!existsSync(dbPath)) return { queuedSeconds: null, computeSeconds: null };
  const db = new Database(dbPath, { readonly: true });
  try {
    const row = db.prepare('select created_at, started_at, finished_at from jobs where id = ?').get(jobId) as
      | { created_at: string; started_at: string | null; finished_at: string | null }
      | undefined;
    if (!row?.started_at || !row.finished_at) return { queuedSeconds: null, computeSeconds: null };
    const [c, s, f] = [row.created_at, row.started_at, row.finished_at].map((t) => Date.parse(t));
    return { queuedSeconds: (s - c) / 1000, computeSeconds: (f - s) / 1000 };
  } finally {
    db.close();
  }
}

/** Decisions §7: the uploaded bytes are deleted as soon as the job finishes. */
async function waitForUploadsGone(dataDir: string, doneMs: number): Promise<number | null> {
  while (performance.now() - doneMs < 20_000) {
    if (countUploads(dataDir) === 0) return performance.now() - doneMs;
    await sleep(20);
  }
  return null;
}

function countUploads(dataDir: string): number {
  const dir = join(dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).length : 0;
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 40_000);
  await exited;
  clearTimeout(timer);
}
