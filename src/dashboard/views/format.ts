// How the dashboard writes times and counts. Times are UTC, as stored and as the API reports them.
import { html, type SafeHtml } from '../html.ts';

export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function time(iso: string | null, empty = '—'): SafeHtml | string {
  return iso ? html`<time datetime="${iso}">${utcMinute(iso)}</time>` : empty;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}
