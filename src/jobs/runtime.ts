// The job side of a process: a worker pool over the queue, the retention sweeper, and the
// callbacks sent when a job ends. `roadrisk serve` runs it beside the API (ROADRISK_WORKERS),
// `roadrisk worker` alone.
import { join } from 'node:path';
import type { Services } from '../services.ts';
import type { JobRow } from '../storage/repositories/jobs.ts';
import { WorkerPool, type JobHandler } from './worker.ts';
import { CallbackSender } from './callbacks.ts';
import { sweep } from './sweeper.ts';
import { jobRecord } from './job-record.ts';
import type { JobOutcome } from './queue.ts';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface JobRuntime {
  pool: WorkerPool;
  stop(): Promise<void>;
}

export interface JobRuntimeOptions {
  concurrency: number;
  handler: JobHandler;
  log: (message: string, fields?: Record<string, unknown>) => void;
  pollMs?: number;
}

export function startJobRuntime(services: Services, options: JobRuntimeOptions): JobRuntime {
  const queue = services.jobQueue;
  const callbacks = new CallbackSender(options.log);
  const removals = new Set<Promise<void>>();
  // Tracked so a shutdown right after a job ends still deletes its upload (decisions §7).
  const track = (removal: Promise<void>) => {
    const settled = removal.catch(() => {});
    removals.add(settled);
    void settled.finally(() => removals.delete(settled));
  };
  const onFinished = (job: JobRow, outcome: JobOutcome) => {
    const started = job.started_at ? Date.parse(job.started_at) : NaN;
    if (Number.isFinite(started)) {
      services.metrics.jobDuration.observe({ job_type: job.job_type, status: outcome.status }, (services.now().getTime() - started) / 1000);
    }
    // The converted upload is no longer needed once the result (or failure) is written.
    if (job.upload_dir) track(services.uploads.remove(job.upload_dir));
    if (job.callback_url && job.callback_key) {
      const record = jobRecord({ ...job, status: outcome.status, error_message: outcome.status === 'failed' ? outcome.errorMessage : null }, services.now());
      callbacks.send({ url: job.callback_url, body: JSON.stringify(record), hmacKey: job.callback_key });
    }
  };
  const pool = new WorkerPool(queue, options.handler, {
    concurrency: options.concurrency,
    pollMs: options.pollMs,
    onFinished,
    // Another worker holds the job now and reads the upload from the store: drop only the local
    // copy this worker fetched (database uploads), which nothing else would ever delete.
    onAbandoned: (job) => {
      if (job.upload_dir) track(services.uploads.release(job.upload_dir));
    },
    log: options.log,
  });
  queue.onAnnounce(() => pool.notify());
  pool.start();
  const uploads = join(services.settings.dataDir, 'uploads');
  const runSweep = () =>
    sweep(services.jobs, uploads, services.now()).catch((error) => options.log('sweep failed', { err: error }));
  void runSweep();
  const sweeper = setInterval(runSweep, SWEEP_INTERVAL_MS);
  sweeper.unref();
  return {
    pool,
    async stop() {
      clearInterval(sweeper);
      await pool.stop();
      await Promise.all(removals);
      callbacks.stop();
    },
  };
}
