// POST /v1/crash-data/aggregate over HTTP: a real `roadrisk serve` on the imported public crash
// data, the widest query (500 km around Chicago) over 12 years and over 1 year, 10 clients.
//   node --import tsx bench/crash-aggregate-http/run.ts [--runs 3] [--duration 15] [--connections 10]
// Results go to RESULTS.md (the table) and RESULTS.json (every run) beside this file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  BOOTSTRAP_KEY, buildData, cannon, cleanup, freePort, loadAverage, log, machineDescription, onCleanup,
  processCpuMs, processRssMb, spread, startRoadrisk, summarise, writeBenchPlans, type RunSummary,
} from '../garaging-http/harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
  },
});
const RUNS = Number(args.runs);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const TARGET_P99_MS = 10;
const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };
const LOADS = [
  { name: '500 km around Chicago, 12 years (2013-2024)', body: { location: CHICAGO, start_date: '2013-01-01', end_date: '2024-12-31', radius_km: 500 } },
  { name: '500 km around Chicago, 1 year (2014)', body: { location: CHICAGO, start_date: '2014-01-01', end_date: '2014-12-31', radius_km: 500 } },
];

interface Run extends RunSummary { load: string; round: number; cpuMsPerRequest: number }

const loadAtStart = loadAverage();
const machine = machineDescription();
const work = mkdtempSync(join(tmpdir(), 'roadrisk-crash-http-'));
onCleanup(() => rmSync(work, { recursive: true, force: true }));

try {
  const dataDir = join(work, 'data');
  const plansFile = writeBenchPlans(work, 100_000_000);
  log('importing the public crash data (SQLite)');
  let t = performance.now();
  buildData({ dataDir });
  const buildSeconds = (performance.now() - t) / 1000;
  const port = await freePort();
  t = performance.now();
  const server = await startRoadrisk({ dataDir, plansFile, port });
  const startSeconds = (performance.now() - t) / 1000;
  onCleanup(() => server.stop());
  const headers = { authorization: `Bearer ${BOOTSTRAP_KEY}`, 'content-type': 'application/json' };
  const answers: Record<string, unknown> = {};
  for (const load of LOADS) {
    const response = await fetch(`${server.url}/v1/crash-data/aggregate`, { method: 'POST', headers, body: JSON.stringify(load.body) });
    const answer = (await response.json()) as { total_crashes?: number };
    if (response.status !== 200 || typeof answer.total_crashes !== 'number') throw new Error(`${load.name}: ${response.status} ${JSON.stringify(answer)}`);
    answers[load.name] = answer;
    log(`${load.name}: ${answer.total_crashes} crashes`);
  }
  const send = (load: (typeof LOADS)[number], duration: number) =>
    cannon({ url: `${server.url}/v1/crash-data/aggregate`, method: 'POST', headers, body: JSON.stringify(load.body), connections: CONNECTIONS, duration });
  for (const load of LOADS) {
    log(`warm-up: ${load.name}`);
    await send(load, 5);
  }
  const runs: Run[] = [];
  for (let round = 1; round <= RUNS; round++) {
    for (const load of round % 2 ? LOADS : [...LOADS].reverse()) {
      const cpuBefore = processCpuMs(server.pid);
      const summary = summarise(await send(load, DURATION));
      const cpuMs = processCpuMs(server.pid) - cpuBefore;
      runs.push({ ...summary, load: load.name, round, cpuMsPerRequest: cpuMs / summary.total });
      log(`${load.name} round ${round}: ${summary.reqPerSec.toFixed(0)} req/s, p50 ${summary.p50} ms, p99 ${summary.p99} ms`);
    }
  }
  const rssMb = processRssMb(server.pid);
  const loadAtEnd = loadAverage();
  await server.stop();
  writeFileSync(join(here, 'RESULTS.json'), JSON.stringify({ machine, loadAtStart, loadAtEnd, buildSeconds, startSeconds, rssMb, answers, runs }, null, 2));
  writeFileSync(join(here, 'RESULTS.md'), report(runs, { loadAtStart, loadAtEnd, rssMb, startSeconds, answers }));
  log(`wrote ${join(here, 'RESULTS.md')}`);
} finally {
  await cleanup();
}

function report(runs: Run[], info: { loadAtStart: string; loadAtEnd: string; rssMb: number; startSeconds: number; answers: Record<string, unknown> }): string {
  const rows = LOADS.map((load) => {
    const mine = runs.filter((r) => r.load === load.name);
    const of = (f: (r: Run) => number, digits = 0) => spread(mine.map(f), digits);
    const bad = mine.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    const worstP99 = Math.max(...mine.map((r) => r.p99));
    return `| ${load.name} | ${of((r) => r.reqPerSec)} | ${of((r) => r.p50)} | ${of((r) => r.p99)} | ${of((r) => r.cpuMsPerRequest, 3)} | ${bad} | ${worstP99 < TARGET_P99_MS ? 'yes' : 'no'} |`;
  });
  return `# Crash aggregation over HTTP: 500 km around Chicago, ${CONNECTIONS} clients

Generated by \`node --import tsx bench/crash-aggregate-http/run.ts --runs ${RUNS} --duration ${DURATION}\` (README.md).
Target: **p99 under ${TARGET_P99_MS} ms** with ${CONNECTIONS} concurrent clients.

\`roadrisk serve\` (ROADRISK_WORKERS=0, SQLite, log level warn) on the real public crash data, imported with
\`roadrisk data build\` into a fresh data folder; every request is the same \`POST /v1/crash-data/aggregate\`
with the bootstrap operator key (per-key limit raised in a bench plans file; the limiter still runs).
autocannon ${CONNECTIONS} connections, no pipelining, in the bench's process on the same 2 cores.
Median (min–max) over ${RUNS} runs of ${DURATION} s each, after 5 s of warm-up per load.

## Machine

\`\`\`
${Object.entries(machine).map(([k, v]) => `${k}:${v.includes('\n') ? '\n' : ' '}${v}`).join('\n')}
load average (1, 5, 15 min) at start: ${info.loadAtStart}
load average (1, 5, 15 min) at end: ${info.loadAtEnd}
\`\`\`

## Results

| load | req/s | p50 ms | p99 ms | server CPU ms per request | non-2xx, errors, timeouts | p99 < ${TARGET_P99_MS} ms in every run |
|---|---:|---:|---:|---:|---:|---|
${rows.join('\n')}

Server start (loading the saved index and the models): ${info.startSeconds.toFixed(1)} s; server RSS at the end: ${info.rssMb.toFixed(0)} MB.
CPU per request is the server process's user + system time over a run divided by the requests answered
(/proc/<pid>/stat): less sensitive than req/s to other work on the shared machine.

## Answers

\`\`\`json
${JSON.stringify(info.answers, null, 2)}
\`\`\`
`;
}
