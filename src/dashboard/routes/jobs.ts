// Telematics jobs, and their results for the signed-in holder: the API's result route needs a
// bearer key, which a browser session does not have. Another account's job is "not found" (404),
// never "forbidden", as in the API (decisions §2).
import type { FastifyPluginAsync } from 'fastify';
import { effectiveStatus } from '../../jobs/job-record.ts';
import type { DashboardContext } from '../context.ts';
import { sendPage } from '../respond.ts';
import { signedIn } from '../signed-in.ts';
import { holderOf } from '../views/layout.ts';
import { jobsPage } from '../views/jobs.ts';

const JOBS_SHOWN = 100;
const JOB_TYPES = ['ppa-telematics', 'ca-telematics'];

export const jobRoutes =
  ({ services }: DashboardContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/jobs', async (request, reply) => {
      const holder = signedIn(request);
      const now = services.now();
      const jobs = await services.jobs.listForAccount(holder.account.id, JOBS_SHOWN);
      const lines = jobs.map((job) => ({ job, status: effectiveStatus(job, now) }));
      return sendPage(reply, jobsPage(holderOf(holder), lines, JOBS_SHOWN));
    });

    app.get('/jobs/:jobId/result', async (request, reply) => {
      const accountId = signedIn(request).account.id;
      const { jobId } = request.params as { jobId: string };
      let job;
      for (const type of JOB_TYPES) job ??= await services.jobs.findForAccount(jobId, accountId, type);
      if (!job) return reply.code(404).send({ detail: 'Job not found' });
      const status = effectiveStatus(job, services.now());
      if (status === 'expired') return reply.code(410).send({ detail: `Job ${job.id} has expired` });
      if (status !== 'completed' || job.result_json === null) return reply.code(409).send({ detail: `Job ${job.id} is ${status}` });
      reply.header('Content-Disposition', `inline; filename="${job.id}-result.json"`);
      return reply.type('application/json; charset=utf-8').send(job.result_json);
    });
  };
