// The same crash reported by two sources is counted once (decisions.md §6), e.g. a fatal
// Oakland crash in both the SWITRS/TIMS file and FARS.
//
// Rule: two records are the same crash when they come from different sources, share the local
// date, both have fatalities > 0, and
//   - both have a time: at most DUPLICATE_TIME_MINUTES apart and DUPLICATE_DISTANCE_M apart;
//   - a time is unknown: at most UNTIMED_DUPLICATE_DISTANCE_M apart.
// Measured on the real files (docs/data.md, "Duplicates"): of the 60 geocoded fatal Oakland
// SWITRS crashes of 2013-2014, 58 have a same-date FARS crash at the same minute, 2 m to
// 1,527 m apart (median 37 m; 50 within 300 m, 8 at 503-1,527 m); the nearest same-date FARS
// crash that is NOT the same (times 4.7 h or more apart) is 3,205 m away. So a time match allows
// 2 km, and without a time only the few hundred metres most true matches fall within.
//
// Only fatal crashes are matched: FARS, the source overlapping the others, holds nothing else.
// Each source reports a crash at most once, so a merged group holds at most one record per
// source; closest pairs are joined first.

import { haversineKm, KM_PER_DEGREE } from '../geo/distance.ts';
import { severityRank, type CrashRecord, type CrashRef } from './record.ts';

export const DUPLICATE_DISTANCE_M = 2000;
export const DUPLICATE_TIME_MINUTES = 60;
export const UNTIMED_DUPLICATE_DISTANCE_M = 300;

export interface DuplicateGroup {
  kept: CrashRef;
  merged: CrashRef[];
  /** Distance of each merged record from the kept one, in the order of `merged`. */
  distancesM: number[];
}

export interface DedupeResult {
  /** Input order; a merged crash takes the place of its first record. */
  records: CrashRecord[];
  groups: DuplicateGroup[];
}

export function crashDistanceM(a: CrashRecord, b: CrashRecord): number {
  return haversineKm(a.latitude, a.longitude, b.latitude, b.longitude) * 1000;
}

/** Minutes between the two local times, null when either is unknown. */
export function minutesApart(a: CrashRecord, b: CrashRecord): number | null {
  if (a.time === null || b.time === null) return null;
  return Math.abs(minuteOfDay(a.time) - minuteOfDay(b.time));
}

export function isSameCrash(a: CrashRecord, b: CrashRecord): boolean {
  if (a.source === b.source || a.date !== b.date) return false;
  if (a.fatalities <= 0 || b.fatalities <= 0) return false;
  const distance = crashDistanceM(a, b);
  const minutes = minutesApart(a, b);
  if (minutes === null) return distance <= UNTIMED_DUPLICATE_DISTANCE_M;
  return minutes <= DUPLICATE_TIME_MINUTES && distance <= DUPLICATE_DISTANCE_M;
}

export function dedupeCrashes(records: readonly CrashRecord[]): DedupeResult {
  const groupOf = joinDuplicates(records, candidatePairs(records));
  const members = new Map<number, number[]>();
  records.forEach((_, i) => {
    const root = groupOf(i);
    const list = members.get(root);
    if (list) list.push(i);
    else members.set(root, [i]);
  });
  const out: CrashRecord[] = [];
  const groups: DuplicateGroup[] = [];
  for (const indices of members.values()) {
    if (indices.length === 1) {
      out.push(records[indices[0]]);
      continue;
    }
    const { record, group } = mergeSameCrash(indices.map((i) => records[i]));
    out.push(record);
    groups.push(group);
  }
  return { records: out, groups };
}

interface Pair {
  a: number;
  b: number;
  distanceM: number;
}

/** Same-date fatal pairs passing the rule; a latitude sweep keeps each date's work small. */
function candidatePairs(records: readonly CrashRecord[]): Pair[] {
  const byDate = new Map<string, number[]>();
  records.forEach((r, i) => {
    if (r.fatalities <= 0) return;
    const list = byDate.get(r.date);
    if (list) list.push(i);
    else byDate.set(r.date, [i]);
  });
  const maxLatDeg = DUPLICATE_DISTANCE_M / 1000 / KM_PER_DEGREE;
  const pairs: Pair[] = [];
  for (const indices of byDate.values()) {
    indices.sort((i, j) => records[i].latitude - records[j].latitude || i - j);
    for (let x = 0; x < indices.length; x++) {
      const a = records[indices[x]];
      for (let y = x + 1; y < indices.length; y++) {
        const b = records[indices[y]];
        if (b.latitude - a.latitude > maxLatDeg) break;
        if (isSameCrash(a, b)) pairs.push({ a: indices[x], b: indices[y], distanceM: crashDistanceM(a, b) });
      }
    }
  }
  return pairs.sort((p, q) => p.distanceM - q.distanceM || p.a - q.a || p.b - q.b);
}

/** Union-find over the pairs, closest first, never putting two records of one source together. */
function joinDuplicates(records: readonly CrashRecord[], pairs: readonly Pair[]): (i: number) => number {
  const parent = new Map<number, number>();
  const sources = new Map<number, Set<string>>();
  const find = (i: number): number => {
    let root = i;
    while (parent.has(root)) root = parent.get(root)!;
    if (root !== i) parent.set(i, root);
    return root;
  };
  const sourcesOf = (root: number) => sources.get(root) ?? new Set([records[root].source]);
  for (const { a, b } of pairs) {
    const [ra, rb] = [find(a), find(b)];
    if (ra === rb) continue;
    const [sa, sb] = [sourcesOf(ra), sourcesOf(rb)];
    if ([...sb].some((s) => sa.has(s))) continue;
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    parent.set(child, root);
    sources.set(root, new Set([...sa, ...sb]));
    sources.delete(child);
  }
  return find;
}

/**
 * One record for one crash. Every source's counts are lower bounds (FARS counts no injuries,
 * Indiana flags at most one), so injuries and fatalities are the maxima over the sources, and
 * the severity the most severe. Place, time and id come from the record with the most injuries
 * (the city source, whose geocode is also the finer one), then one with a time, then the first.
 */
export function mergeSameCrash(same: readonly CrashRecord[]): { record: CrashRecord; group: DuplicateGroup } {
  let base = same[0];
  for (const r of same) {
    if (r.injuries > base.injuries || (r.injuries === base.injuries && base.time === null && r.time !== null)) base = r;
  }
  const others = same.filter((r) => r !== base);
  const alsoReportedBy = [...(base.alsoReportedBy ?? [])];
  for (const r of others) alsoReportedBy.push(ref(r), ...(r.alsoReportedBy ?? []));
  const record: CrashRecord = {
    ...base,
    injuries: Math.max(...same.map((r) => r.injuries)),
    fatalities: Math.max(...same.map((r) => r.fatalities)),
    severity: same.map((r) => r.severity).reduce((s, t) => (severityRank(t) < severityRank(s) ? t : s)),
    alsoReportedBy,
  };
  const group = { kept: ref(base), merged: others.map(ref), distancesM: others.map((r) => crashDistanceM(base, r)) };
  return { record, group };
}

function ref(r: CrashRef): CrashRef {
  return { source: r.source, sourceId: r.sourceId };
}

function minuteOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}
