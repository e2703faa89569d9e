// The job queue on PostgreSQL for several worker processes: pg-boss delivers job ids (at least
// once: retried with backoff, re-delivered when a worker dies and its delivery expires), and the
// lease on the job's row makes the effect exactly once: a delivery whose job is already finished
// is acknowledged, one whose job is leased elsewhere or whose account is at its plan's limit of
// jobs at once is put back for later, and only the lease holder can write the result.
import PgBoss from 'pg-boss';
import type { JobRow, JobsRepository } from '../storage/repositories/jobs.ts';
import { LocalAnnouncements, type JobOutcome, type JobQueue } from './queue.ts';

export const TELEMATICS_QUEUE = 'telematics';
const RETRY_LATER_SECONDS = 5;
/**
 * A delivery not acknowledged within 4 leases is given to another worker (the row lease still
 * decides who runs the job); a runnable job older than 6 leases is leased directly, whether or not
 * a delivery reaches a worker (its announcement was lost, or its delivery is held by a dead worker).
 */
const DELIVERY_EXPIRE_LEASES = 4;
const UNANNOUNCED_AFTER_LEASES = 6;

interface Delivery {
  jobId: string;
}

export async function startPgBoss(connectionString: string, leaseMs: number): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
  // pg-boss reports maintenance and connection errors as events; they must not end the process.
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue(TELEMATICS_QUEUE, {
    name: TELEMATICS_QUEUE,
    expireInSeconds: Math.ceil((DELIVERY_EXPIRE_LEASES * leaseMs) / 1000),
    retryLimit: 20,
    retryDelay: RETRY_LATER_SECONDS,
    retryBackoff: true,
  });
  return boss;
}

export class PgBossJobQueue implements JobQueue {
  readonly leaseMs: number;
  private readonly deliveries = new Map<string, string>();
  private readonly local = new LocalAnnouncements();

  constructor(
    private readonly boss: PgBoss,
    private readonly jobs: JobsRepository,
    private readonly options: { leaseMs: number; retentionMs: number; now?: () => Date },
  ) {
    this.leaseMs = options.leaseMs;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Announces a newly queued job to every worker process. */
  async announce(jobId: string): Promise<void> {
    await this.boss.send(TELEMATICS_QUEUE, { jobId } satisfies Delivery);
    this.local.notify();
  }

  onAnnounce(listener: () => void): void {
    this.local.add(listener);
  }

  async claim(workerId: string): Promise<JobRow | undefined> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [delivery] = await this.boss.fetch<Delivery>(TELEMATICS_QUEUE, { batchSize: 1 });
      if (!delivery) {
        const createdBefore = new Date(this.now().getTime() - UNANNOUNCED_AFTER_LEASES * this.leaseMs);
        return this.jobs.claim(workerId, this.now(), this.leaseMs, { createdBefore });
      }
      const row = await this.jobs.claim(workerId, this.now(), this.leaseMs, { jobId: delivery.data.jobId });
      if (row) {
        this.deliveries.set(row.id, delivery.id);
        return row;
      }
      const current = await this.jobs.findById(delivery.data.jobId);
      if (current && (current.status === 'pending' || current.status === 'processing')) {
        await this.boss.send(TELEMATICS_QUEUE, delivery.data, { startAfter: RETRY_LATER_SECONDS });
      }
      await this.boss.complete(TELEMATICS_QUEUE, delivery.id);
    }
    return undefined;
  }

  renew(jobId: string, workerId: string): Promise<boolean> {
    return this.jobs.renewLease(jobId, workerId, this.now(), this.leaseMs);
  }

  async finish(jobId: string, workerId: string, outcome: JobOutcome): Promise<boolean> {
    const finished = await this.jobs.finish(jobId, workerId, outcome, this.now(), this.options.retentionMs);
    const delivery = this.deliveries.get(jobId);
    this.deliveries.delete(jobId);
    if (delivery) await this.boss.complete(TELEMATICS_QUEUE, delivery).catch(() => {});
    return finished;
  }
}
