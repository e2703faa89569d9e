// The usage page: requests per day and endpoint, the plan's limits, and how close the account is
// to them. The API limits each key per minute and keeps no per-minute history, so "how close"
// compares today's requests with the most a key could make in a day at its rate (rate × 1440).
import type { ApiKeyView } from '../../accounts/account-service.ts';
import type { Plan } from '../../accounts/plans.ts';
import { html, type SafeHtml } from '../html.ts';
import type { UsageSummary } from '../usage-summary.ts';
import { count } from './format.ts';
import { layout, type Holder } from './layout.ts';
import { colourOf, usageChart } from './usage-chart.ts';

export interface KeyLoad {
  key: ApiKeyView;
  today: number;
  perMinute: number;
  dailyCeiling: number;
}

export interface UsageView {
  holder: Holder;
  summary: UsageSummary;
  plan: Plan;
  sandboxRateDivisor: number;
  keyLoads: KeyLoad[];
  jobsRunning: number;
  jobsQueued: number;
}

function percent(part: number, whole: number): string {
  if (whole <= 0) return part > 0 ? 'over the limit' : '—';
  const p = (100 * part) / whole;
  return `${p < 0.1 && p > 0 ? '<0.1' : p.toFixed(1)}%`;
}

function planSection(view: UsageView): SafeHtml {
  const { plan } = view;
  return html`<section aria-labelledby="plan-title"><h2 id="plan-title">Your plan: ${plan.name}</h2>
<dl class="facts">
  <dt>Endpoints</dt><dd>${[...plan.endpoints].join(', ')}</dd>
  <dt>Requests per minute, per production key</dt><dd>${count(plan.requestsPerMinute)}</dd>
  <dt>Requests per minute, per sandbox key</dt><dd>${count(Math.max(1, Math.floor(plan.requestsPerMinute / view.sandboxRateDivisor)))}</dd>
  <dt>Telematics jobs running at once</dt><dd>${count(plan.concurrentTelematicsJobs)}</dd>
</dl>
<h3>Telematics jobs now</h3>
<p><span id="jobs-running">${count(view.jobsRunning)}</span> running of ${count(plan.concurrentTelematicsJobs)} allowed at once;
${count(view.jobsQueued)} waiting. <meter min="0" max="${Math.max(1, plan.concurrentTelematicsJobs)}" value="${view.jobsRunning}" aria-label="Jobs running of the plan's limit"></meter></p>
</section>`;
}

function todaySection(view: UsageView): SafeHtml {
  if (view.keyLoads.length === 0) return html`<p>No active keys.</p>`;
  return html`<table class="data" id="today-by-key">
<caption>Requests today (UTC) per key, against the most its rate allows in a day (requests per minute × 1440)</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Environment</th><th scope="col">Today</th><th scope="col">Per minute</th><th scope="col">Daily ceiling</th><th scope="col">Used</th></tr></thead>
<tbody>${view.keyLoads.map(
    (l) => html`<tr><td>${l.key.name} <code>${l.key.start}…</code></td><td>${l.key.environment}</td>
<td class="num">${count(l.today)}</td><td class="num">${count(l.perMinute)}</td><td class="num">${count(l.dailyCeiling)}</td>
<td><meter min="0" max="${l.dailyCeiling}" value="${l.today}" aria-label="${l.key.name}: share of the daily ceiling used"></meter> ${percent(l.today, l.dailyCeiling)}</td></tr>`,
  )}</tbody></table>`;
}

function dataTable(summary: UsageSummary): SafeHtml {
  const days = summary.days.filter((d) => d.total > 0).reverse();
  return html`<details><summary>The numbers behind the chart</summary>
<table class="data" id="usage-table"><caption>Requests per day and endpoint (days with requests)</caption>
<thead><tr><th scope="col">Day</th>${summary.endpoints.map((e) => html`<th scope="col">${e}</th>`)}<th scope="col">Total</th></tr></thead>
<tbody>${days.map(
    (d) => html`<tr><th scope="row">${d.day}</th>${summary.endpoints.map((e) => html`<td class="num">${count(d.byEndpoint.get(e) ?? 0)}</td>`)}<td class="num">${count(d.total)}</td></tr>`,
  )}</tbody></table></details>`;
}

export function usagePage(view: UsageView): string {
  const { summary } = view;
  const chart =
    summary.total === 0
      ? html`<p>No API requests in the last ${summary.days.length} days.</p>`
      : html`${usageChart(summary)}${dataTable(summary)}`;
  const body = html`<section aria-labelledby="requests-title">
<h2 id="requests-title">Requests, last ${summary.days.length} days: <span id="usage-total">${count(summary.total)}</span></h2>
<p class="hint">Counts are written every few seconds; dashboard pages are not counted.</p>
${chart}
<ul class="endpoint-totals">${summary.endpoints.map((e) => {
    const n = summary.days.reduce((sum, d) => sum + (d.byEndpoint.get(e) ?? 0), 0);
    return html`<li data-endpoint="${e}"><svg width="10" height="10" aria-hidden="true"><rect width="10" height="10" fill="${colourOf(summary, e)}"></rect></svg> ${e}: <strong>${count(n)}</strong></li>`;
  })}</ul>
</section>
<section aria-labelledby="today-title"><h2 id="today-title">Today, per key</h2>${todaySection(view)}</section>
${planSection(view)}`;
  return layout({ title: 'Usage', holder: view.holder, section: 'usage' }, body);
}
