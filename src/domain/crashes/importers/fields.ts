// Field parsers shared by the importers. Each returns null (or a reject reason) instead of
// guessing, so the importer can count the row as rejected with a reason.

import type { RejectReason } from '../record.ts';

/** YYYY-MM-DD for a real calendar date, else null (catches 2/30, month 13, day 99). */
export function isoDate(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger) || year < 1900 || year > 2999) return null;
  const t = new Date(Date.UTC(year, month - 1, day));
  if (t.getUTCFullYear() !== year || t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** HH:MM for 0..23 / 0..59, else null. */
export function clockTime(hour: number, minute: number): string | null {
  if (!Number.isInteger(hour) || !Number.isInteger(minute)) return null;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** "H:MM" or "HH:MM" → HH:MM, else null. */
export function parseClock(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  return m ? clockTime(Number(m[1]), Number(m[2])) : null;
}

/** "YYYY-MM-DD" → itself when a real date, else null. */
export function parseIsoDate(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** "M/D/YYYY" → YYYY-MM-DD, else null. */
export function parseUsDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return m ? isoDate(Number(m[3]), Number(m[1]), Number(m[2])) : null;
}

/** A non-negative integer count, else null ("", "1.5", "-1", "x"). */
export function parseCount(text: string | undefined): number | null {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return null;
  return Number(text);
}

/** A decimal number, else null (empty or not numeric). */
export function parseNumber(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * Why a latitude/longitude pair is unusable, or null when it is usable.
 * 0 on either axis is the "not geocoded" placeholder of NYC and TIMS exports (no US crash lies on
 * the equator or the prime meridian).
 */
export function coordinateProblem(latText: string | undefined, lonText: string | undefined): RejectReason | null {
  if (!latText?.trim() || !lonText?.trim()) return 'missing coordinates';
  const lat = parseNumber(latText);
  const lon = parseNumber(lonText);
  if (lat === null || lon === null) return 'invalid coordinates';
  if (lat === 0 || lon === 0) return 'zero coordinates';
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return 'invalid coordinates';
  return null;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
