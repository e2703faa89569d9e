// Runs queued jobs: N concurrent slots in this process, each claiming a job, renewing its lease
// while the handler runs, and finishing it. A job whose worker died is claimed again once its
// lease ends; only the holder of the lease can finish it, so a result is never written twice.
import { randomBytes } from 'node:crypto';
import type { JobRow } from '../storage/repositories/jobs.ts';
import type { JobOutcome, JobQueue } from './queue.ts';

export type JobHandler = (job: JobRow, signal: AbortSignal) => Promise<JobOutcome>;

export interface WorkerPoolOptions {
  concurrency: number;
  pollMs?: number;
  /** A job leased this many times without finishing is failed instead of retried again. */
  maxAttempts?: number;
  onFinished?: (job: JobRow, outcome: JobOutcome) => void;
  /**
   * This worker wrote nothing (it lost the job's lease, or writing the end failed; either way the
   * job is run again, by whoever leases it next) and no other slot of this pool holds the job (one
   * that took it over would be using the same local copy of the upload).
   */
  onAbandoned?: (job: JobRow) => void;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

export class WorkerPool {
  readonly workerId = `worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  private stopping = false;
  private readonly running = new Set<Promise<void>>();
  private readonly wakers = new Set<() => void>();
  /** Job id → slots of this pool running it (two only when one slot took over from another). */
  private readonly holding = new Map<string, number>();

  constructor(
    private readonly queue: JobQueue,
    private readonly handler: JobHandler,
    private readonly options: WorkerPoolOptions,
  ) {}

  start(): void {
    for (let slot = 0; slot < this.options.concurrency; slot++) {
      const loop = this.loop(slot);
      this.running.add(loop);
      void loop.finally(() => this.running.delete(loop));
    }
  }

  /** Tells idle slots a job was just queued in this process (saves a poll interval). */
  notify(): void {
    for (const wake of this.wakers) wake();
  }

  /** Stops claiming; waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.notify();
    await Promise.all(this.running);
  }

  private async loop(slot: number): Promise<void> {
    const slotId = `${this.workerId}-${slot}`;
    while (!this.stopping) {
      let job: JobRow | undefined;
      try {
        job = await this.queue.claim(slotId);
      } catch (error) {
        this.options.log?.('claim failed', { err: error });
      }
      if (job) await this.run(job, slotId);
      else await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs ?? 500);
      this.wakers.add(done);
    });
  }

  private async run(job: JobRow, slotId: string): Promise<void> {
    this.holding.set(job.id, (this.holding.get(job.id) ?? 0) + 1);
    try {
      await this.runHeld(job, slotId);
    } finally {
      const left = this.holding.get(job.id)! - 1;
      if (left === 0) this.holding.delete(job.id);
      else this.holding.set(job.id, left);
    }
  }

  private async runHeld(job: JobRow, slotId: string): Promise<void> {
    const abort = new AbortController();
    const renewal = setInterval(() => {
      this.queue.renew(job.id, slotId).then(
        (held) => held || abort.abort(new Error('lease lost')),
        () => {},
      );
    }, this.queue.leaseMs / 3);
    let outcome: JobOutcome;
    try {
      if (job.attempts > (this.options.maxAttempts ?? 3)) {
        outcome = { status: 'failed', errorMessage: `the job was interrupted ${job.attempts - 1} times; giving up` };
      } else {
        outcome = await this.handler(job, abort.signal);
      }
    } catch (error) {
      this.options.log?.('job failed', { job_id: job.id, err: error });
      outcome = { status: 'failed', errorMessage: 'the calculation failed unexpectedly' };
    } finally {
      clearInterval(renewal);
    }
    const finished = !abort.signal.aborted && (await this.queue.finish(job.id, slotId, outcome).catch(() => false));
    if (finished) this.options.onFinished?.(job, outcome);
    else if (this.holding.get(job.id) === 1) this.options.onAbandoned?.(job);
  }
}
