// `roadrisk serve` with ROADRISK_API_PROCESSES > 1: a primary process and that many API
// processes (node:cluster) on one port. Node answers HTTP on one thread, so on a machine with
// several cores one process leaves all but one idle; bench/garaging-http measures the difference.
//
// A first short-lived process prepares the data dir (migrations, bootstrap key, first import and
// the crash index file) so the API processes only load it, and the primary, which never loads
// the data itself (~50 MB), then forks them and:
// - keeps the per-key rate-limit windows of the embedded store (shared-rate-limit.ts; on
//   PostgreSQL the processes share the rate_windows table instead);
// - collects /metrics from every process (prom-client's AggregatorRegistry), so a scrape sees the
//   whole server whichever process answers it (metrics-aggregation.ts);
// - replaces a process that dies after it started; stops everything if one fails to start;
// - on SIGTERM / SIGINT asks every process to shut down gracefully (server.ts) and waits.
import cluster, { type Worker } from 'node:cluster';
import type { Settings } from '../config.ts';
import { metricsAnswer } from './metrics-aggregation.ts';
import { answerRequests } from './primary-requests.ts';
import { rateHitAnswer } from './shared-rate-limit.ts';

/** A process that has not exited this long after SIGTERM is killed (its own grace is 25 s). */
const STOP_TIMEOUT_MS = 30_000;

/** Set in the environment of the process that prepares the data dir. */
export const PREPARE_ROLE = { name: 'ROADRISK_CLUSTER_ROLE', value: 'prepare' } as const;

export function isPrepareProcess(): boolean {
  return cluster.isWorker && process.env[PREPARE_ROLE.name] === PREPARE_ROLE.value;
}

export async function runApiProcesses(settings: Settings, log: (message: string) => void): Promise<void> {
  const prepared = await new Promise<number | null>((resolve) => {
    cluster.fork({ [PREPARE_ROLE.name]: PREPARE_ROLE.value }).once('exit', (code) => resolve(code));
  });
  if (prepared !== 0) throw new Error(`preparing the data dir failed (exit ${prepared}); nothing was started`);
  const answer = answerRequests({ 'rate-hit': rateHitAnswer(), metrics: metricsAnswer() });
  const listening = new Set<number>();
  let stopping = false;
  let announced = false;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('message', (message: unknown) => answer(worker, message));
    return worker;
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (announced) log(`roadrisk: API process ${worker.process.pid} listening (${listening.size} of ${settings.apiProcesses})`);
    else if (listening.size === settings.apiProcesses) {
      announced = true;
      const host = address.address ?? settings.host;
      log(`roadrisk listening on http://${host.includes(':') ? `[${host}]` : host}:${address.port} (${settings.apiProcesses} API processes)`);
    }
  });

  const stopAll = (code: number): void => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    timer.unref();
    const remaining = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (remaining.length === 0) process.exit(code);
    let left = remaining.length;
    for (const w of remaining) {
      w.once('exit', () => {
        if (--left === 0) process.exit(code);
      });
      w.process.kill('SIGTERM');
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    const started = listening.delete(worker.id);
    if (stopping) return;
    if (!started) {
      log(`roadrisk: an API process failed to start (${signal ?? `exit ${code}`}); stopping`);
      stopAll(1);
      return;
    }
    log(`roadrisk: API process ${worker.process.pid} died (${signal ?? `exit ${code}`}); starting another`);
    fork();
  });

  process.once('SIGTERM', () => stopAll(0));
  process.once('SIGINT', () => stopAll(0));
  for (let i = 0; i < settings.apiProcesses; i++) fork();
}
