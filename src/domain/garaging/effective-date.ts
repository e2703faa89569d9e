// The request's effective_date (decisions.md §5): ISO 8601 date-time; without a zone it is UTC; a
// bare date is midnight UTC; absent or null means now. The HTTP layer validates the text first
// (and may pass its own pydantic-exact reader to the scorer); this reader covers the ISO forms.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

export function parseEffectiveDate(value: string): Date {
  const text = value.trim();
  const iso = DATE_ONLY.test(text) ? `${text}T00:00:00Z` : HAS_ZONE.test(text) ? text : `${text}Z`;
  const date = new Date(iso.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO 8601 date-time: ${value}`);
  return date;
}

/** ISO 8601 in UTC with a Z, without milliseconds unless there are some. */
export function formatEffectiveDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}
