// Telematics jobs: queue (multipart upload), status and result, for CA and PPA (decisions §2, §3, §7).
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Services } from '../../services.ts';
import type { JobRow } from '../../storage/repositories/jobs.ts';
import { newId } from '../../accounts/key-secret.ts';
import { CsvRejected, UploadTooLarge } from '../../jobs/telematics-capability.ts';
import { authErrorResponses, Detail } from '../schemas/common.ts';
import { CaTelematicsForm, CaTelematicsResult, JobParams, JobRecord, PpaTelematicsForm, PpaTelematicsResult } from '../schemas/telematics.ts';
import { ApiError, jobNotFound, notAvailableYet, RequestValidationError, valueErrorItem, type ValidationItem } from '../errors.ts';
import { callerOf } from '../auth.ts';
import { effectiveStatus, jobRecord } from '../../jobs/job-record.ts';
import { readForm, validateFormFields, type FormFile } from '../multipart-form.ts';

type Line = 'ca' | 'ppa';

/** Reads what is left of a file part and discards it (the client is still sending it). */
async function drain(file: FormFile): Promise<void> {
  await finished(file.stream.resume()).catch(() => {});
}

export const telematicsRoutes =
  (services: Services): FastifyPluginAsync =>
  async (app) => {
    const forms = { ca: CaTelematicsForm, ppa: PpaTelematicsForm };
    const results = { ca: CaTelematicsResult, ppa: PpaTelematicsResult };

    async function queue(line: Line, request: Parameters<typeof readForm>[0], reply: FastifyReply) {
      const caller = callerOf(request);
      const jobId = newId('job_');
      const uploadDir = join(services.settings.dataDir, 'uploads', jobId);
      let fileError: ValidationItem | null = null;
      let converted = false;
      let uploadRef: string | null = null;
      const onFile = async (file: FormFile) => {
        if (!/\.csv$/i.test(file.filename)) {
          fileError = valueErrorItem(['body', 'file'], 'invalid CSV file (extension): the file name must end in .csv', null);
          return drain(file);
        }
        if (!services.telematics) return drain(file);
        try {
          await services.telematics.convertUpload(file.stream, uploadDir);
          converted = true;
        } catch (error) {
          if (!(error instanceof CsvRejected)) throw error;
          fileError = valueErrorItem(['body', 'file'], error.message, null);
          await drain(file);
        }
      };
      try {
        const form = await readForm(request, onFile);
        const items = validateFormFields(form, line === 'ca', fileError);
        if (items.length > 0) throw new RequestValidationError(items);
        if (!services.telematics || !converted) throw notAvailableYet('Telematics scoring');
        const plan = services.plans.plans[caller.account.plan];
        const now = services.now();
        uploadRef = await services.uploads.publish(jobId, uploadDir);
        await services.jobs.insert({
          id: jobId,
          account_id: caller.account.id,
          job_type: `${line}-telematics`,
          status: 'pending',
          policy_holder_id: form.fields.policy_holder_id,
          naics_code: form.fields.naics_code || null,
          version: 'v1',
          callback_url: form.fields.callback_url || null,
          callback_key: form.fields.callback_url ? caller.key.key_hash : null,
          upload_dir: uploadRef,
          max_running: plan.concurrentTelematicsJobs,
          created_at: now.toISOString(),
        });
        await services.jobQueue.announce(jobId);
        reply.header('Location', `/v1/risk-score/${line}-telematics/job/${jobId}/status`);
        return { job_id: jobId, status: 'pending', error_message: null };
      } catch (error) {
        await rm(uploadDir, { recursive: true, force: true });
        if (uploadRef !== null) await services.uploads.remove(uploadRef).catch(() => {});
        if (error instanceof UploadTooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new ApiError('file_too_large', `File too large: limit is ${services.settings.maxUploadBytes} bytes`);
        }
        throw error;
      }
    }

    async function findJob(line: Line, request: Parameters<typeof callerOf>[0]): Promise<JobRow> {
      const { job_id: jobId } = request.params as { job_id: string };
      const job = await services.jobs.findForAccount(jobId, callerOf(request).account.id, `${line}-telematics`);
      if (!job) throw jobNotFound();
      return job;
    }

    for (const line of ['ca', 'ppa'] as const) {
      const access = { endpoint: `${line}-telematics` as const, usage: `${line}-telematics` };
      const tags = ['telematics'];
      app.post(
        `/v1/risk-score/${line}-telematics`,
        {
          config: { access },
          schema: {
            tags,
            summary: `Queue a ${line.toUpperCase()} telematics scoring job from a CSV of GPS points`,
            consumes: ['multipart/form-data'],
            body: forms[line],
            response: { 200: JobRecord, 413: Detail, ...authErrorResponses },
          },
        },
        (request, reply) => queue(line, request, reply),
      );
      app.get(
        `/v1/risk-score/${line}-telematics/job/:job_id/status`,
        {
          config: { access },
          schema: { tags, summary: 'The state of a job', params: JobParams, response: { 200: JobRecord, 404: Detail, ...authErrorResponses } },
        },
        async (request) => jobRecord(await findJob(line, request), services.now()),
      );
      app.get(
        `/v1/risk-score/${line}-telematics/job/:job_id/result`,
        {
          config: { access },
          schema: {
            tags,
            summary: 'The result of a completed job',
            params: JobParams,
            response: { 200: results[line], 404: Detail, 409: Detail, 410: Detail, ...authErrorResponses },
          },
        },
        async (request, reply) => {
          const job = await findJob(line, request);
          const status = effectiveStatus(job, services.now());
          if (status === 'expired') throw new ApiError('job_expired', `Job ${job.id} has expired`);
          if (status === 'failed') throw new ApiError('job_not_ready', `Job ${job.id} is failed: ${job.error_message ?? 'no message'}`);
          if (status !== 'completed' || job.result_json === null) throw new ApiError('job_not_ready', `Job ${job.id} is ${status}`);
          // Stored already serialized by the worker with the result schema's fields.
          return reply.type('application/json').send(job.result_json);
        },
      );
    }
  };
