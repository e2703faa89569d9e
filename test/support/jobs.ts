// A queued telematics job row for tests that set up jobs directly through the repository.
import type { NewJob } from '../../src/storage/repositories/jobs.ts';

export function pendingJob(fields: Pick<NewJob, 'id' | 'account_id' | 'created_at'> & Partial<NewJob>): NewJob {
  return {
    job_type: 'ppa-telematics',
    status: 'pending',
    policy_holder_id: 'ph',
    naics_code: null,
    version: 'v1',
    callback_url: null,
    upload_dir: null,
    max_running: 8,
    ...fields,
  };
}
