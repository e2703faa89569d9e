// start/end of telematics metadata: ISO 8601 date-time without zone, in UTC (decisions.md §7).
// Fractional seconds are dropped (truncated): the spec's examples carry whole seconds, and a client
// parsing "2024-03-01T08:00:00" must not meet ".123" on some vehicles only.

export function isoWithoutZone(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().slice(0, 19);
}
