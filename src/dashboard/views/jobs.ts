// The jobs page: the account's telematics jobs, newest first, with a link to each completed
// job's result (served to the signed-in holder at /dashboard/jobs/<id>/result).
import type { JobRow } from '../../storage/repositories/jobs.ts';
import type { JobStatus } from '../../domain/vocabulary.ts';
import { html, type SafeHtml } from '../html.ts';
import { time } from './format.ts';
import { layout, type Holder } from './layout.ts';

export interface JobLine {
  job: JobRow;
  status: JobStatus;
}

function jobRow({ job, status }: JobLine): SafeHtml {
  const result =
    status === 'completed'
      ? html`<a href="/dashboard/jobs/${job.id}/result">Result JSON<span class="visually-hidden"> of ${job.id}</span></a>`
      : status === 'failed'
        ? html`<span class="error-text">${job.error_message ?? 'failed'}</span>`
        : status === 'expired'
          ? 'deleted after retention'
          : '—';
  return html`<tr data-job-id="${job.id}">
<td><code>${job.id}</code></td><td>${job.job_type}</td><td>${job.policy_holder_id}</td>
<td><span class="state ${status}">${status}</span></td>
<td>${time(job.created_at)}</td><td>${time(job.started_at)}</td><td>${time(job.finished_at)}</td><td>${result}</td>
</tr>`;
}

export function jobsPage(holder: Holder, lines: JobLine[], limit: number): string {
  const body =
    lines.length === 0
      ? html`<p>No telematics jobs yet. Jobs are queued through the API (<code>POST /v1/risk-score/ppa-telematics</code> or <code>ca-telematics</code>).</p>`
      : html`<table class="data" id="jobs">
<caption>Telematics jobs of this account, newest first${lines.length === limit ? html` (the latest ${limit})` : ''}</caption>
<thead><tr><th scope="col">Job</th><th scope="col">Type</th><th scope="col">Policy holder</th><th scope="col">Status</th>
<th scope="col">Created</th><th scope="col">Started</th><th scope="col">Finished</th><th scope="col">Result</th></tr></thead>
<tbody>${lines.map(jobRow)}</tbody></table>`;
  return layout({ title: 'Jobs', holder, section: 'jobs' }, body);
}
