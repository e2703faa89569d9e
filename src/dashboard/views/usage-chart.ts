// Requests per day, stacked by endpoint, as an inline SVG drawn here: 30 bars need no charting
// library. Colours are the Okabe–Ito palette (distinguishable with colour blindness); each segment
// has a tooltip, and the page also has the numbers as a table.
import { html, type SafeHtml } from '../html.ts';
import type { UsageSummary } from '../usage-summary.ts';
import { count } from './format.ts';

export const ENDPOINT_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#000000', '#F0E442'];

const WIDTH = 760;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 56 };
const TICKS = 4;

/** The smallest 1, 2 or 5 × 10^n step whose TICKS steps reach at least `max`. */
export function tickStep(max: number): number {
  if (max <= TICKS) return 1;
  const rough = max / TICKS;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * magnitude).find((step) => step >= rough) as number;
}

export function colourOf(summary: UsageSummary, endpoint: string): string {
  return ENDPOINT_COLOURS[summary.endpoints.indexOf(endpoint) % ENDPOINT_COLOURS.length];
}

function axis(step: number, y: (v: number) => number): SafeHtml[] {
  const lines: SafeHtml[] = [];
  for (let i = 0; i <= TICKS; i++) {
    const value = i * step;
    lines.push(html`<line class="grid" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(value)}" y2="${y(value)}"></line>
<text class="tick" x="${MARGIN.left - 6}" y="${y(value) + 4}" text-anchor="end">${count(value)}</text>`);
  }
  return lines;
}

export function usageChart(summary: UsageSummary): SafeHtml {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const step = tickStep(Math.max(...summary.days.map((d) => d.total)));
  const y = (value: number) => MARGIN.top + plotHeight - (value / (step * TICKS)) * plotHeight;
  const slot = plotWidth / summary.days.length;
  const bars = summary.days.map((day, i) => {
    const x = MARGIN.left + i * slot + slot * 0.15;
    let base = 0;
    const segments = summary.endpoints
      .filter((e) => day.byEndpoint.has(e))
      .map((endpoint) => {
        const n = day.byEndpoint.get(endpoint) as number;
        const top = y(base + n);
        const rect = html`<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${(y(base) - top).toFixed(1)}" fill="${colourOf(summary, endpoint)}"><title>${day.day} ${endpoint}: ${count(n)}</title></rect>`;
        base += n;
        return rect;
      });
    const label = i % 5 === 4 || i === 0 ? html`<text class="tick" x="${(x + slot * 0.35).toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${day.day.slice(5)}</text>` : '';
    return html`<g data-day="${day.day}" data-total="${day.total}">${segments}${label}</g>`;
  });
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="usage-chart-title usage-chart-desc">
<title id="usage-chart-title">API requests per day, last ${summary.days.length} days (UTC)</title>
<desc id="usage-chart-desc">${count(summary.total)} requests in total; the table below the chart has every number.</desc>
${axis(step, y)}
${bars}
<text class="axis-label" x="${MARGIN.left}" y="${HEIGHT - 4}">day (UTC, month-day)</text>
</svg>
<ul class="legend">${summary.endpoints.map((e) => html`<li><svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" fill="${colourOf(summary, e)}"></rect></svg> ${e}</li>`)}</ul>`;
}
