// Usage of the last 30 UTC days (the days usage is counted in), from the per-key, per-day,
// per-endpoint counters: totals per day and endpoint for the chart, per key for today.
import type { UsageRow } from '../storage/repositories/usage.ts';

export const USAGE_DAYS = 30;

export interface DailyUsage {
  day: string;
  total: number;
  byEndpoint: Map<string, number>;
}

export interface UsageSummary {
  days: DailyUsage[];
  /** Endpoints that had requests in the window, by name. */
  endpoints: string[];
  total: number;
  todayByKey: Map<string, number>;
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The window's days, oldest first, ending today. */
export function usageDays(today: Date, count = USAGE_DAYS): string[] {
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i--) days.push(utcDay(new Date(today.getTime() - i * 86_400_000)));
  return days;
}

export function summarizeUsage(rows: UsageRow[], today: Date): UsageSummary {
  const days = usageDays(today).map((day) => ({ day, total: 0, byEndpoint: new Map<string, number>() }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  const endpoints = new Set<string>();
  const todayByKey = new Map<string, number>();
  const todayDay = utcDay(today);
  let total = 0;
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    const requests = Number(row.requests);
    day.total += requests;
    day.byEndpoint.set(row.endpoint, (day.byEndpoint.get(row.endpoint) ?? 0) + requests);
    endpoints.add(row.endpoint);
    total += requests;
    if (row.day === todayDay) todayByKey.set(row.key_id, (todayByKey.get(row.key_id) ?? 0) + requests);
  }
  return { days, endpoints: [...endpoints].sort(), total, todayByKey };
}
