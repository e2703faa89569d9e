// The job queue interface, and the embedded queue over the jobs table with leases. The scale-out
// store can back the same interface with pg-boss; the worker never knows which one it has.
import type { JobRow, JobsRepository } from '../storage/repositories/jobs.ts';

export type JobOutcome = { status: 'completed'; resultJson: string } | { status: 'failed'; errorMessage: string };

export interface JobQueue {
  /** Leases the next runnable job to this worker, or nothing. */
  claim(workerId: string): Promise<JobRow | undefined>;
  /** Extends the lease; false when the worker lost it (the job was leased to another worker). */
  renew(jobId: string, workerId: string): Promise<boolean>;
  /** Ends the job if the worker still holds it; false (and nothing written) otherwise. */
  finish(jobId: string, workerId: string, outcome: JobOutcome): Promise<boolean>;
  /** Tells workers (here and, where the queue reaches them, elsewhere) that a job was queued. */
  announce(jobId: string): Promise<void>;
  /** Workers in this process listen, to start a job without waiting for their next poll. */
  onAnnounce(listener: () => void): void;
  readonly leaseMs: number;
}

/** Listeners of this process's announcements, shared by both queue implementations. */
export class LocalAnnouncements {
  private readonly listeners = new Set<() => void>();
  add(listener: () => void): void {
    this.listeners.add(listener);
  }
  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

export interface EmbeddedQueueOptions {
  leaseMs?: number;
  retentionMs: number;
  now?: () => Date;
}

export class EmbeddedJobQueue implements JobQueue {
  readonly leaseMs: number;
  private readonly now: () => Date;
  private readonly local = new LocalAnnouncements();

  constructor(
    private readonly jobs: JobsRepository,
    private readonly options: EmbeddedQueueOptions,
  ) {
    // A worker renews at a third of the lease; a dead worker's job is taken over after this long.
    this.leaseMs = options.leaseMs ?? 30_000;
    this.now = options.now ?? (() => new Date());
  }

  claim(workerId: string) {
    return this.jobs.claim(workerId, this.now(), this.leaseMs);
  }

  renew(jobId: string, workerId: string) {
    return this.jobs.renewLease(jobId, workerId, this.now(), this.leaseMs);
  }

  finish(jobId: string, workerId: string, outcome: JobOutcome) {
    return this.jobs.finish(jobId, workerId, outcome, this.now(), this.options.retentionMs);
  }

  async announce(): Promise<void> {
    this.local.notify();
  }

  onAnnounce(listener: () => void): void {
    this.local.add(listener);
  }
}
