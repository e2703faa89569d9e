// Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: self time per function,
// self time per area (a package under node_modules, a folder of src/, node's internals, GC), and
// inclusive time of roadrisk's own functions (time with the function anywhere on the stack).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Cost {
  what: string;
  ms: number;
  share: number;
  /** The caller the time came through most (for self time). */
  via?: string;
}

/** Which samples count: the `lastMs` before the final `skipEndMs` (the load, not start-up or shutdown). */
export interface SampleWindow {
  lastMs: number;
  skipEndMs: number;
}

/** A stage of request handling, recognised by a frame anywhere on a sample's stack. */
export interface Stage {
  name: string;
  match: (frame: ProfileNode['callFrame']) => boolean;
}

/**
 * Where a garaging request's server CPU goes, first match wins (the route handler runs inside
 * the JSON body parser's callback, so "parse" alone would swallow everything).
 */
export const REQUEST_STAGES: Stage[] = [
  { name: 'garaging scoring (domain: scoreSync)', match: (f) => f.functionName === 'scoreSync' },
  { name: 'crash aggregation (domain)', match: (f) => f.url.includes('/src/domain/crashes/') },
  { name: 'response serialisation (fast-json-stringify, its Ajv checks of anyOf branches)', match: (f) => f.url.includes('fast-json-stringify') || (f.functionName === 'serialize' && f.url.includes('fastify/lib')) },
  { name: 'database (Kysely + driver: key/account lookups, rate windows, usage flush)', match: (f) => /node_modules\/(kysely|better-sqlite3|pg|pg-protocol|pg-pool)\//.test(f.url) },
  { name: 'request validation (pydantic-compatible validator)', match: (f) => f.url.includes('/src/http/validation/pydantic') || f.url.includes('/src/http/validation/scalars') || f.url.includes('/src/http/validation/temporal') },
  { name: 'JSON body parse (json-body.ts, Python-compatible loads)', match: (f) => f.url.includes('/src/http/validation/json-error') || f.url.includes('/src/http/validation/body-errors') },
  { name: 'garbage collector', match: (f) => f.functionName === '(garbage collector)' },
  { name: 'socket writes', match: (f) => f.functionName === 'writev' || f.functionName === 'writeBuffer' || f.functionName === 'writeUtf8String' || f.functionName === 'writeLatin1String' },
];

export interface ProfileSummary {
  /** Milliseconds of samples outside (idle). */
  busyMs: number;
  idleMs: number;
  selfByFunction: Cost[];
  selfByArea: Cost[];
  inclusiveSrc: Cost[];
  stages: Cost[];
}

function shortUrl(url: string): string {
  const i = url.indexOf('/node_modules/');
  if (i >= 0) return url.slice(i + '/node_modules/'.length);
  const src = url.indexOf('/work/main/');
  return src >= 0 ? url.slice(src + '/work/main/'.length) : url.replace(/^file:\/\//, '');
}

function area(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  if (url.startsWith('node:')) return 'node: internals';
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const src = /\/(src\/[^/]+(?:\/[^/]+)?)\//.exec(url);
  return src ? src[1] : shortUrl(url);
}

// tsx hands V8 transformed sources, whose line numbers say nothing: roadrisk's files are named
// without them; packages keep theirs.
const label = (f: ProfileNode['callFrame']) =>
  `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}${f.url && !f.url.includes('/work/main/') ? `:${f.lineNumber + 1}` : ''}`.trim();

export function summariseProfile(file: string, window?: SampleWindow, top = 20): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const via = new Map<string, Map<string, number>>();
  const stages = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  const from = window ? profile.endTime - (window.skipEndMs + window.lastMs) * 1000 : -Infinity;
  const to = window ? profile.endTime - window.skipEndMs * 1000 : Infinity;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idle += ms;
      return;
    }
    busy += ms;
    self.set(label(node.callFrame), (self.get(label(node.callFrame)) ?? 0) + ms);
    const parentId = parent.get(id);
    const caller = parentId === undefined ? '' : label(byId.get(parentId)!.callFrame);
    const callers = via.get(label(node.callFrame)) ?? new Map<string, number>();
    callers.set(caller, (callers.get(caller) ?? 0) + ms);
    via.set(label(node.callFrame), callers);
    areas.set(area(node.callFrame), (areas.get(area(node.callFrame)) ?? 0) + ms);
    const stack: ProfileNode['callFrame'][] = [];
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) stack.push(byId.get(up)!.callFrame);
    const stage = REQUEST_STAGES.find((st) => stack.some(st.match))?.name ?? 'other (Fastify routing and hooks, HTTP parsing, promises, timers)';
    stages.set(stage, (stages.get(stage) ?? 0) + ms);
    const seen = new Set<string>();
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const frame = byId.get(up)!.callFrame;
      if (!frame.url.includes('/work/main/src/')) continue;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  const ranked = (m: Map<string, number>): Cost[] =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([what, ms]) => ({ what, ms, share: ms / busy }));
  const topCaller = (what: string) => [...(via.get(what) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const selfByFunction = ranked(self).map((c) => ({ ...c, via: topCaller(c.what) }));
  return { busyMs: busy, idleMs: idle, selfByFunction, selfByArea: ranked(areas), inclusiveSrc: ranked(inclusive), stages: ranked(stages) };
}

export function profileTables(summary: ProfileSummary): string {
  const table = (title: string, rows: Cost[], withCaller = false) =>
    [
      `| ${title} | ms | share of busy |${withCaller ? ' mostly called from |' : ''}`,
      `|---|---:|---:|${withCaller ? '---|' : ''}`,
      ...rows.map((r) => `| \`${r.what}\` | ${r.ms.toFixed(0)} | ${(r.share * 100).toFixed(1)} % |${withCaller ? ` ${r.via ? `\`${r.via}\`` : ''} |` : ''}`),
    ].join('\n');
  return [
    `Busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms of the profiled run.`,
    '',
    table('stage (inclusive, each sample counted once)', summary.stages),
    '',
    table('self time by area', summary.selfByArea.slice(0, 15)),
    '',
    table('self time by function', summary.selfByFunction.slice(0, 20), true),
    '',
    table('inclusive time, roadrisk src/ functions', summary.inclusiveSrc.slice(0, 20)),
  ].join('\n');
}

// As a script: node --import tsx bench/garaging-http/profile.ts FILE.cpuprofile
if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, lastMs, skipEndMs] = process.argv.slice(2);
  console.log(profileTables(summariseProfile(file, lastMs ? { lastMs: Number(lastMs), skipEndMs: Number(skipEndMs ?? 0) } : undefined, 25)));
}
