// roadrisk's 50-vehicle garaging endpoints over HTTP, side by side with a bare Fastify route
// (same body schema, Fastify's default Ajv, same answer shape) and bare node:http.
//   node --import tsx bench/garaging-http/run.ts [--runs 5] [--duration 15] [--profile | --no-profile]
// Results go to RESULTS.md (the tables) and RESULTS.json (every run) beside this file.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  BOOTSTRAP_KEY,
  buildData,
  cannon,
  cleanup,
  freePort,
  loadAverage,
  log,
  machineDescription,
  median,
  onCleanup,
  processCpuMs,
  spread,
  startChild,
  startRoadrisk,
  summarise,
  writeBenchPlans,
  type ChildServer,
  type RunSummary,
} from './harness.ts';
import { distinctPopulationPoints, garagingBodies, populationPoints, type GaragingBody } from './bodies.ts';
import { profileTables, summariseProfile } from './profile.ts';
import type { AutocannonRequest } from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
    profile: { type: 'boolean', default: false },
    'no-profile': { type: 'boolean', default: false },
    processes: { type: 'string', default: '2' },
  },
});
/** API processes of the roadrisk (ROADRISK_API_PROCESSES) and bare Fastify servers measured beside the one-process ones. */
const PROCESSES = Number(args.processes);
const P = `${PROCESSES} processes`;
const RUNS = Number(args.runs);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const VEHICLES = 50;
/** The book: 40 bodies over 2,000 locations, sent again and again (as the first version of this bench). */
const BODIES = 40;
/** Every location new: 4,000 bodies over 200,000 distinct locations, more than a run sends. */
const NEW_BODIES = 4_000;
// The issue's target for 50 vehicles and 10 clients on this 2-core machine.
const TARGET = { reqPerSec: 2000, p99Ms: 20 };

interface Target {
  name: string;
  server: () => ChildServer;
  path: string;
  bodies: GaragingBody[];
  auth: boolean;
  /**
   * One sequence shared by all connections, each request taking the next body. Without it every
   * autocannon connection walks the list from the start, so 9 of 10 connections would send bodies
   * another has just sent, and a cache would answer them.
   */
  shared?: boolean;
}

const loadAtStart = loadAverage();
const machine = machineDescription();
const work = mkdtempSync(join(tmpdir(), 'roadrisk-garaging-http-'));
onCleanup(() => rmSync(work, { recursive: true, force: true }));

try {
  const dataDir = join(work, 'data');
  // One key sends everything; the per-key limit is raised so the bench measures, not 429s.
  const plansFile = writeBenchPlans(work, 100_000_000);
  log('importing the public crash data (SQLite)');
  buildData({ dataDir });

  const points = populationPoints(2000);
  const ppaBodies = garagingBodies('ppa', points, BODIES, VEHICLES);
  const caBodies = garagingBodies('ca', points, BODIES, VEHICLES, 1000);
  const newPpaBodies = garagingBodies('ppa', distinctPopulationPoints(NEW_BODIES * VEHICLES), NEW_BODIES, VEHICLES);

  log(`starting roadrisk (1 and ${PROCESSES} API processes), bare Fastify (1 and ${PROCESSES}) and bare node:http`);
  const roadrisk = await startRoadrisk({ dataDir, plansFile, port: await freePort(), apiProcesses: PROCESSES });
  onCleanup(() => roadrisk.stop());
  const roadriskOne = await startRoadrisk({ dataDir, plansFile, port: await freePort(), apiProcesses: 1 });
  onCleanup(() => roadriskOne.stop());
  const bareFastifyAt = async (processes: number) => {
    const port = await freePort();
    const server = await startChild(['--import', 'tsx', 'bench/garaging-http/bare-fastify.ts', String(port), String(processes)], process.env, `http://127.0.0.1:${port}`, /listening on/);
    onCleanup(() => server.stop());
    return server;
  };
  const bareFastify = await bareFastifyAt(PROCESSES);
  const bareFastifyOne = await bareFastifyAt(1);
  const bareHttpPort = await freePort();
  const bareHttp = await startChild(['--import', 'tsx', 'bench/garaging-http/bare-http.ts', String(bareHttpPort)], process.env, `http://127.0.0.1:${bareHttpPort}`, /listening on/);
  onCleanup(() => bareHttp.stop());

  // Profiled when a target is missed: one event loop's profile.
  const newLocationsOneProcess: Target = {
    name: 'roadrisk PPA garaging, every location new, 1 process', server: () => roadriskOne, path: '/v1/risk-score/ppa-garaging', bodies: newPpaBodies, auth: true, shared: true,
  };
  const targets: Target[] = [
    { name: `roadrisk PPA garaging, book of 2,000 locations, ${P}`, server: () => roadrisk, path: '/v1/risk-score/ppa-garaging', bodies: ppaBodies, auth: true },
    { name: `roadrisk PPA garaging, every location new, ${P}`, server: () => roadrisk, path: '/v1/risk-score/ppa-garaging', bodies: newPpaBodies, auth: true, shared: true },
    { name: `roadrisk CA garaging (naics_code), book of 2,000 locations, ${P}`, server: () => roadrisk, path: '/v1/risk-score/ca-garaging', bodies: caBodies, auth: true },
    { name: `bare Fastify (same schema, Ajv), ${P}`, server: () => bareFastify, path: '/v1/risk-score/ppa-garaging', bodies: ppaBodies, auth: false },
    { name: 'roadrisk PPA garaging, book of 2,000 locations, 1 process', server: () => roadriskOne, path: '/v1/risk-score/ppa-garaging', bodies: ppaBodies, auth: true },
    newLocationsOneProcess,
    { name: 'bare Fastify (same schema, Ajv), 1 process', server: () => bareFastifyOne, path: '/v1/risk-score/ppa-garaging', bodies: ppaBodies, auth: false },
    { name: 'bare node:http (JSON.parse only), 1 process', server: () => bareHttp, path: '/v1/risk-score/ppa-garaging', bodies: ppaBodies, auth: false },
  ];
  // Checks send every body once: for the new-locations target only its first 40, so that the
  // timed runs still see locations the server has not assessed (a run sends fewer than 4,000).
  for (const target of targets) await checkAnswers({ ...target, bodies: target.bodies.slice(0, BODIES) });

  const requestsOf = (target: Target): AutocannonRequest[] => {
    const headers = { 'content-type': 'application/json', ...(target.auth ? { authorization: `Bearer ${BOOTSTRAP_KEY}` } : {}) };
    const texts = target.bodies.map((body) => JSON.stringify(body));
    if (!target.shared) return texts.map((body) => ({ method: 'POST', path: target.path, headers, body }));
    // Continues where the previous run stopped: over all runs the 4,000 bodies come round only
    // after 200,000 new locations, far more than the server's cache keeps.
    return [{ method: 'POST', path: target.path, headers, setupRequest: (request) => ({ ...request, body: texts[sharedNext++ % texts.length] }) }];
  };
  let sharedNext = BODIES;
  const measure = async (target: Target, seconds: number) => {
    const pid = target.server().pid;
    const cpuBefore = processCpuMs(pid);
    const result = summarise(await cannon({ url: target.server().url, connections: CONNECTIONS, duration: seconds, requests: requestsOf(target) }));
    const serverCpuMsPerRequest = (processCpuMs(pid) - cpuBefore) / Math.max(1, result.total);
    return { ...result, serverCpuMsPerRequest, load1: loadAverage().split(', ')[0] };
  };

  log('warming up (5 s each)');
  for (const target of targets) await measure(target, 5);
  const runs = new Map<string, (RunSummary & { serverCpuMsPerRequest: number; load1: string })[]>(targets.map((t) => [t.name, []]));
  for (let run = 0; run < RUNS; run++) {
    // Rotate the order each round, so a noisy minute does not always land on the same target.
    for (let k = 0; k < targets.length; k++) {
      const target = targets[(run + k) % targets.length];
      const r = await measure(target, DURATION);
      runs.get(target.name)!.push(r);
      log(`run ${run + 1}/${RUNS} ${target.name}: ${r.reqPerSec.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.serverCpuMsPerRequest.toFixed(3)} ms/req, load ${r.load1}`);
    }
  }

  const meets = (name: string) => {
    const rs = runs.get(name)!;
    return median(rs.map((r) => r.reqPerSec)) >= TARGET.reqPerSec && median(rs.map((r) => r.p99)) < TARGET.p99Ms;
  };
  const verdicts = targets.slice(0, 3).map((t) => `${t.name}: ${meets(t.name) ? 'meets it' : '**misses** it'}`);
  const missed = !targets.slice(0, 3).every((t) => meets(t.name));
  let profile = '';
  if (!args['no-profile'] && (missed || args.profile)) {
    log('profiling roadrisk (node --cpu-prof, PPA, 10 s)');
    profile = await profileRun(dataDir, plansFile, newLocationsOneProcess, requestsOf(newLocationsOneProcess));
  }
  const loadAtEnd = loadAverage();
  writeFileSync(join(here, 'RESULTS.json'), JSON.stringify({ machine, loadAtStart, loadAtEnd, runs: Object.fromEntries(runs) }, null, 2));
  writeFileSync(join(here, 'RESULTS.md'), report(runs, loadAtEnd, verdicts, profile));
  log(`done: ${join(here, 'RESULTS.md')}`);
} finally {
  await cleanup();
}

/** Before timing: every target answers 200 with one score per vehicle (roadrisk: and no errors). */
async function checkAnswers(target: Target): Promise<void> {
  for (const body of target.bodies) {
    const res = await fetch(target.server().url + target.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(target.auth ? { authorization: `Bearer ${BOOTSTRAP_KEY}` } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { vehicle_risk_scores?: unknown[]; errors?: unknown[] | null };
    if (res.status !== 200 || answer.vehicle_risk_scores?.length !== VEHICLES || answer.errors) {
      throw new Error(`${target.name}: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
    }
  }
}

/** A separate roadrisk process under node --cpu-prof, a short warm-up and 10 s of load. */
async function profileRun(dataDir: string, plansFile: string, target: Target, requests: AutocannonRequest[]): Promise<string> {
  const profileDir = join(work, 'profile');
  const server = await startRoadrisk({ dataDir, plansFile, port: await freePort(), nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
  let loadEnd = 0;
  let line = '';
  try {
    await cannon({ url: server.url, connections: CONNECTIONS, duration: 3, requests });
    const r = summarise(await cannon({ url: server.url, connections: CONNECTIONS, duration: 10, requests }));
    loadEnd = performance.now();
    line = `${r.reqPerSec.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.total.toLocaleString('en-US')} requests`;
    log(`profiled run ${target.name}: ${line}`);
  } finally {
    await server.stop();
  }
  // The main thread's profile is the largest (tsx's loader thread writes a small one too).
  const files = readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(profileDir, b)).size - statSync(join(profileDir, a)).size);
  if (files.length === 0) return 'The profiled server wrote no .cpuprofile.';
  // Only the 10 s of load (less its edges): not the start-up's data loading nor the shutdown.
  const window = { lastMs: 9_500, skipEndMs: performance.now() - loadEnd + 250 };
  return `Profiled run: ${line} (under the profiler). Samples of the 10 s load only. Fastify runs validation and the handler from the JSON body parser's callback, so \`parse src/http/json-body.ts\` includes nearly everything after it.\n\n${profileTables(summariseProfile(join(profileDir, files[0]), window, 25))}`;
}

function report(runs: Map<string, (RunSummary & { serverCpuMsPerRequest: number; load1: string })[]>, loadAtEnd: string, verdicts: string[], profile: string): string {
  const rows = [...runs.entries()].map(([name, rs]) => {
    const non2xx = rs.reduce((s, r) => s + r.non2xx, 0);
    const errors = rs.reduce((s, r) => s + r.errors + r.timeouts, 0);
    const total = rs.reduce((s, r) => s + r.total, 0);
    return `| ${name} | ${spread(rs.map((r) => r.reqPerSec))} | ${spread(rs.map((r) => r.p50), 1)} | ${spread(rs.map((r) => r.p99), 1)} | ${spread(rs.map((r) => r.serverCpuMsPerRequest), 3)} | ${total.toLocaleString('en-US')} | ${non2xx} | ${errors} |`;
  });
  const perRun = [...runs.entries()].map(([name, rs]) => `| ${name} | ${rs.map((r) => `${r.reqPerSec.toFixed(0)} / ${r.p99} ms (load ${r.load1})`).join(' · ')} |`);
  return `# Garaging over HTTP: roadrisk vs bare Fastify vs bare node:http

Generated by \`node --import tsx bench/garaging-http/run.ts\` (see README.md for what is measured).

## Machine

| | |
|---|---|
| nproc | ${machine.nproc} |
| CPU | ${machine.cpu} |
| memory (free -g) | <pre>${machine['free -g'].replace(/\n/g, '<br>')}</pre> |
| node | ${machine.node} |
| load average (1, 5, 15 min) at start | ${loadAtStart} |
| load average (1, 5, 15 min) at end | ${loadAtEnd} |

## Results

${VEHICLES} vehicles per request on real US points, ${CONNECTIONS} connections,
autocannon ${DURATION} s per run, ${RUNS} runs per target interleaved, after a 5 s warm-up each. Median (min–max) over the runs.
Server CPU is the server's user+system CPU time over the run (all its processes: /proc/<pid>/stat
of the server and its children) divided by the requests it answered: less sensitive to other load
on the machine than req/s. "${P}": ROADRISK_API_PROCESSES=${PROCESSES} (node:cluster, one port), and
bare Fastify run the same way; "1 process": the default.

Two loads for roadrisk: a **book of 2,000 locations** (${BODIES} bodies sent again and again, as
insurers re-score policies and fleets share depots; after the warm-up every location is in the
server's cache of recent assessments, \`ROADRISK_GARAGING_CACHE_ENTRIES\`, default 20,000) and
**every location new** (${NEW_BODIES.toLocaleString('en-US')} bodies over ${(NEW_BODIES * VEHICLES).toLocaleString('en-US')} distinct points, more than a run
sends: no request can be answered from the cache, so this is the cost of scoring itself).

| target | req/s | p50 ms | p99 ms | server CPU ms/req | requests | non-2xx | errors+timeouts |
|---|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Issue target: at least ${TARGET.reqPerSec.toLocaleString('en-US')} req/s and p99 under ${TARGET.p99Ms} ms (medians) — ${verdicts.join('; ')}.

Every run (req/s / p99, 1-minute load average at the run's end):

| target | runs |
|---|---|
${perRun.join('\n')}
${profile ? `\n## Profile of roadrisk (PPA, every location new, one API process, 10 s, node --cpu-prof)\n\n${profile}\n` : ''}`;
}
