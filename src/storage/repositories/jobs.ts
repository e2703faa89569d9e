// Telematics jobs: the durable record and the embedded queue's leases. State changes that a
// worker makes are checked against its lease, so a worker that lost its lease (it was presumed
// dead and the job was leased again) can never write a second result.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, JobsTable } from '../schema.ts';

export type JobRow = Selectable<JobsTable>;
export type NewJob = Omit<
  JobRow,
  'attempts' | 'lease_owner' | 'lease_until' | 'result_json' | 'started_at' | 'finished_at' | 'expires_at' | 'error_message' | 'callback_key'
> & { callback_key?: string | null };

export class JobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(job: NewJob): Promise<void> {
    await this.db.insertInto('jobs').values({ ...job, error_message: null }).execute();
  }

  /** A job as its account sees it: another account's job, or another job type's, is not found. */
  async findForAccount(id: string, accountId: string, jobType: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('job_type', '=', jobType)
      .executeTakeFirst();
  }

  async listForAccount(accountId: string, limit = 100): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Leases the oldest runnable job: pending, or processing with an expired lease (its worker died),
   * skipping accounts already running their plan's number of jobs at once.
   */
  async claim(workerId: string, now: Date, leaseMs: number, only: { jobId?: string; createdBefore?: Date } = {}): Promise<JobRow | undefined> {
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    let query = this.db.selectFrom('jobs as j').select('j.id');
    // A queue that delivers job ids (pg-boss) leases the delivered job, under the same conditions.
    if (only.jobId !== undefined) query = query.where('j.id', '=', only.jobId);
    if (only.createdBefore !== undefined) query = query.where('j.created_at', '<', only.createdBefore.toISOString());
    const candidate = await query
      .where((eb) =>
        eb.or([eb('j.status', '=', 'pending'), eb.and([eb('j.status', '=', 'processing'), eb('j.lease_until', '<', nowIso)])]),
      )
      .where((eb) =>
        eb(
          eb
            .selectFrom('jobs as r')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('r.account_id', '=', 'j.account_id')
            .where('r.status', '=', 'processing')
            .where('r.lease_until', '>=', nowIso),
          '<',
          eb.ref('j.max_running'),
        ),
      )
      .orderBy('j.created_at')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    // Compare-and-set on the same condition: of two workers racing for one job, one wins.
    const claimed = await this.db
      .updateTable('jobs')
      .set({
        status: 'processing',
        lease_owner: workerId,
        lease_until: until,
        started_at: sql`coalesce(started_at, ${nowIso})`,
        attempts: sql`attempts + 1`,
      })
      .where('id', '=', candidate.id)
      .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'processing'), eb('lease_until', '<', nowIso)])]))
      .returningAll()
      .executeTakeFirst();
    return claimed;
  }

  async renewLease(id: string, workerId: string, now: Date, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', '=', id)
      .where('lease_owner', '=', workerId)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Ends a job the worker still holds; false when the lease was lost (nothing is written). An
   * upload kept in the database is deleted in the same transaction, so a worker dying right after
   * finishing leaves nothing behind.
   */
  async finish(
    id: string,
    workerId: string,
    outcome: { status: 'completed'; resultJson: string } | { status: 'failed'; errorMessage: string },
    now: Date,
    retentionMs: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('jobs')
        .set({
          status: outcome.status,
          result_json: outcome.status === 'completed' ? outcome.resultJson : null,
          error_message: outcome.status === 'failed' ? outcome.errorMessage : null,
          finished_at: now.toISOString(),
          expires_at: new Date(now.getTime() + retentionMs).toISOString(),
          lease_owner: null,
          lease_until: null,
          upload_dir: null,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      const finished = Number(result.numUpdatedRows) === 1;
      if (finished) await trx.deleteFrom('upload_chunks').where('job_id', '=', id).execute();
      return finished;
    });
  }

  /** Finished jobs whose retention ended become `expired` and lose their result. */
  async expireFinished(now: Date): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'expired', result_json: null })
      .where('status', 'in', ['completed', 'failed'])
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Internal lookup for workers: no account scope. */
  async findById(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  async countActive(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('status', 'in', ['pending', 'processing'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Upload folders still referenced by a job (the rest of the uploads folder is garbage). */
  async liveUploadDirs(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('jobs').select('upload_dir').where('upload_dir', 'is not', null).execute();
    return new Set(rows.map((r) => r.upload_dir as string));
  }
}
