// The job record of the contract ({job_id, status, error_message}) as a caller sees it.
import type { JobRow } from '../storage/repositories/jobs.ts';
import type { JobStatus } from '../domain/vocabulary.ts';

export interface JobRecordView {
  job_id: string;
  status: JobStatus;
  error_message: string | null;
}

/** A finished job whose retention ended reads as expired even before the sweeper marks it. */
export function effectiveStatus(job: Pick<JobRow, 'status' | 'expires_at'>, now: Date): JobStatus {
  if ((job.status === 'completed' || job.status === 'failed') && job.expires_at && job.expires_at <= now.toISOString()) {
    return 'expired';
  }
  return job.status as JobStatus;
}

export function jobRecord(job: Pick<JobRow, 'id' | 'status' | 'expires_at' | 'error_message'>, now: Date): JobRecordView {
  return { job_id: job.id, status: effectiveStatus(job, now), error_message: job.error_message };
}
