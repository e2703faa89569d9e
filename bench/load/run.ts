// A bounded mixed load (garaging, crash aggregates, job status polls) against roadrisk API
// processes: 1 process on SQLite, 1 and 2 processes on PostgreSQL (a private cluster), then a
// 5-minute run at a moderate fixed rate on all three processes at once, sampling their RSS.
//   node --import tsx bench/load/run.ts [--runs 5] [--duration 10] [--connections 10]
//        [--soak-seconds 300] [--soak-rate N per process] [--keys 64]
// Results go to RESULTS.md and RESULTS.json beside this file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  buildData,
  cannon,
  cleanup,
  freePort,
  loadAverage,
  log,
  machineDescription,
  onCleanup,
  processCpuMs,
  processRssMb,
  procStat,
  spread,
  startRoadrisk,
  type ChildServer,
} from '../garaging-http/harness.ts';
import { populationPoints, type Point } from '../garaging-http/bodies.ts';
import { emptyStats, mixRequests, MIX, type Kind, type MixStats } from './mix.ts';
import { createKeys, queueJobs } from './setup.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'soak-seconds': { type: 'string', default: '300' },
    'soak-rate': { type: 'string', default: '200' },
    keys: { type: 'string', default: '64' },
  },
});
const RUNS = Number(args.runs);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const SOAK_SECONDS = Number(args['soak-seconds']);
const KEYS = Number(args.keys);
const JOBS = 4;

interface Store {
  keys: string[];
  jobIds: string[];
}
interface Part {
  server: ChildServer;
  store: Store;
  connections: number;
}
interface Config {
  name: string;
  parts: Part[];
  postgres: boolean;
}
interface RunResult {
  reqPerSec: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  apiCpuMsPerRequest: number;
  pgCpuMsPerRequest: number | null;
  load1: string;
  kinds: Record<Kind, { count: number; p50: number; p99: number; statuses: Record<string, number> }>;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN);
const sortedOf = (xs: number[]) => Float64Array.from(xs).sort();

const loadAtStart = loadAverage();
const machine = machineDescription();
const work = mkdtempSync(join(tmpdir(), 'roadrisk-load-'));
onCleanup(() => rmSync(work, { recursive: true, force: true }));

try {
  const { startPgCluster } = (await import('../../scripts/pg-cluster.mjs' as string)) as {
    startPgCluster: () => Promise<{ url: string; stop(): void } | null>;
  };
  log('starting a private PostgreSQL cluster');
  const cluster = await startPgCluster();
  if (!cluster) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)');
  onCleanup(() => cluster.stop());
  const postgresVersion = await pgVersion(cluster.url);
  const postmaster = await postmasterPid(cluster.url);

  log('importing the public crash data (SQLite, then PostgreSQL)');
  buildData({ dataDir: join(work, 'sqlite') });
  buildData({ dataDir: join(work, 'pg-a'), databaseUrl: cluster.url });

  log('starting the API processes (ROADRISK_WORKERS=0)');
  const sqlite = await startRoadrisk({ dataDir: join(work, 'sqlite'), port: await freePort() });
  onCleanup(() => sqlite.stop());
  // One after the other: both run the migrations and ensure the bootstrap key.
  const pgA = await startRoadrisk({ dataDir: join(work, 'pg-a'), databaseUrl: cluster.url, port: await freePort() });
  onCleanup(() => pgA.stop());
  const pgB = await startRoadrisk({ dataDir: join(work, 'pg-b'), databaseUrl: cluster.url, port: await freePort() });
  onCleanup(() => pgB.stop());
  const rssAtReady = { sqlite: processRssMb(sqlite.pid), pgA: processRssMb(pgA.pid), pgB: processRssMb(pgB.pid) };

  log(`creating ${KEYS} API keys per store and queueing ${JOBS} telematics jobs per store`);
  const sqliteStore: Store = { keys: await createKeys(sqlite.url, KEYS), jobIds: await queueJobs(sqlite.url, JOBS) };
  const pgStore: Store = { keys: await createKeys(pgA.url, KEYS), jobIds: await queueJobs(pgA.url, JOBS) };
  await checkJobVisible(pgB.url, pgStore); // the other process reads the same jobs
  const points = populationPoints(2000);

  const configs: Config[] = [
    { name: 'SQLite, 1 process', parts: [{ server: sqlite, store: sqliteStore, connections: CONNECTIONS }], postgres: false },
    { name: 'PostgreSQL, 1 process', parts: [{ server: pgA, store: pgStore, connections: CONNECTIONS }], postgres: true },
    {
      name: 'PostgreSQL, 2 processes',
      parts: [
        { server: pgA, store: pgStore, connections: Math.ceil(CONNECTIONS / 2) },
        { server: pgB, store: pgStore, connections: Math.floor(CONNECTIONS / 2) },
      ],
      postgres: true,
    },
  ];
  let seed = 1;
  const runConfig = async (config: Config, seconds: number, ratePerProcess?: number): Promise<RunResult> => {
    const stats = emptyStats();
    const cpuBefore = config.parts.map((p) => processCpuMs(p.server.pid));
    const pgBefore = config.postgres ? processCpuMs(postmaster) : 0;
    const results = await Promise.all(
      config.parts.map((part) =>
        cannon({
          url: part.server.url,
          connections: part.connections,
          duration: seconds,
          ...(ratePerProcess ? { overallRate: ratePerProcess } : {}),
          requests: mixRequests({ keys: part.store.keys, jobIds: part.store.jobIds, points, seed: seed++ }, stats),
        }),
      ),
    );
    const apiCpu = config.parts.reduce((s, p, i) => s + processCpuMs(p.server.pid) - cpuBefore[i], 0);
    const pgCpu = config.postgres ? processCpuMs(postmaster) - pgBefore : null;
    return summariseRun(results, stats, apiCpu, pgCpu);
  };

  log('warming up (5 s per configuration)');
  for (const config of configs) await runConfig(config, 5);
  const runs = new Map<string, RunResult[]>(configs.map((c) => [c.name, []]));
  for (let run = 0; run < RUNS; run++) {
    for (let k = 0; k < configs.length; k++) {
      const config = configs[(run + k) % configs.length];
      const r = await runConfig(config, DURATION);
      runs.get(config.name)!.push(r);
      log(`run ${run + 1}/${RUNS} ${config.name}: ${r.reqPerSec.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, non-2xx ${r.non2xx}, errors ${r.errors}, load ${r.load1}`);
    }
  }

  // Moderate: 3 x 200 req/s is about a quarter of what one process sustained above.
  const soakRate = Number(args['soak-rate']);
  log(`memory run: ${SOAK_SECONDS} s at ${soakRate} req/s on each of the 3 processes, RSS every 10 s`);
  const soak = await soakRun({ sqlite, pgA, pgB }, { sqliteStore, pgStore, points, soakRate, postmaster, seed: 1000 });

  log('counting PostgreSQL transactions per request (sequential requests, ~60 s of waiting for stats)');
  const transactions = await transactionsPerRequest(cluster.url, pgA, pgStore, points);

  const loadAtEnd = loadAverage();
  const report = { machine, postgresVersion, loadAtStart, loadAtEnd, rssAtReady, runs: Object.fromEntries(runs), soak, transactions };
  writeFileSync(join(here, 'RESULTS.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(here, 'RESULTS.md'), markdown(report, soakRate));
  log(`done: ${join(here, 'RESULTS.md')}`);
} finally {
  await cleanup();
}

function summariseRun(results: Awaited<ReturnType<typeof cannon>>[], stats: MixStats, apiCpu: number, pgCpu: number | null): RunResult {
  const total = results.reduce((s, r) => s + r.requests.total, 0);
  const all = sortedOf(Object.values(stats).flatMap((s) => s.latenciesMs));
  const kinds = Object.fromEntries(
    (Object.keys(stats) as Kind[]).map((kind) => {
      const sorted = sortedOf(stats[kind].latenciesMs);
      return [kind, { count: sorted.length, p50: percentile([...sorted], 50), p99: percentile([...sorted], 99), statuses: stats[kind].statuses }];
    }),
  ) as RunResult['kinds'];
  return {
    reqPerSec: results.reduce((s, r) => s + r.requests.average, 0),
    total,
    p50: percentile([...all], 50),
    p99: percentile([...all], 99),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts, 0),
    apiCpuMsPerRequest: apiCpu / Math.max(1, total),
    pgCpuMsPerRequest: pgCpu === null ? null : pgCpu / Math.max(1, total),
    load1: loadAverage().split(', ')[0],
    kinds,
  };
}

interface SoakInputs {
  sqliteStore: Store;
  pgStore: Store;
  points: Point[];
  soakRate: number;
  postmaster: number;
  seed: number;
}

async function soakRun(servers: { sqlite: ChildServer; pgA: ChildServer; pgB: ChildServer }, inputs: SoakInputs) {
  const names = Object.keys(servers) as (keyof typeof servers)[];
  const samples: { second: number; rss: Record<string, number> }[] = [];
  const started = performance.now();
  const sample = () => samples.push({ second: Math.round((performance.now() - started) / 1000), rss: Object.fromEntries(names.map((n) => [n, processRssMb(servers[n].pid)])) });
  sample();
  const timer = setInterval(sample, 10_000);
  const stats = names.map(() => emptyStats());
  try {
    const results = await Promise.all(
      names.map((name, i) =>
        cannon({
          url: servers[name].url,
          connections: 4,
          duration: SOAK_SECONDS,
          overallRate: inputs.soakRate,
          requests: mixRequests({ ...(name === 'sqlite' ? inputs.sqliteStore : inputs.pgStore), points: inputs.points, seed: inputs.seed + i }, stats[i]),
        }),
      ),
    );
    clearInterval(timer);
    if (performance.now() - started > samples[samples.length - 1].second * 1000 + 2000) sample();
    const perProcess = names.map((name, i) => {
      const run = summariseRun([results[i]], stats[i], 0, null);
      const rss = samples.map((s) => s.rss[name]);
      return { name, reqPerSec: run.reqPerSec, total: run.total, p50: run.p50, p99: run.p99, non2xx: run.non2xx, errors: run.errors, rssFirst: rss[0], rssLast: rss[rss.length - 1], rssMax: Math.max(...rss), rssMin: Math.min(...rss) };
    });
    return { seconds: SOAK_SECONDS, ratePerProcess: inputs.soakRate, perProcess, samples };
  } finally {
    clearInterval(timer);
  }
}

/**
 * PostgreSQL transactions (xact_commit + xact_rollback of the database; every statement outside a
 * transaction is one) per request of each kind, sent one at a time. Backends publish their counts
 * when idle for 10 s (PostgreSQL 15's PGSTAT_IDLE_INTERVAL), hence the waits; the background rate
 * (pg-boss maintenance, usage flushes) measured first is taken off.
 */
async function transactionsPerRequest(url: string, server: ChildServer, store: Store, points: Point[]) {
  const N = 300;
  const settle = () => new Promise((r) => setTimeout(r, 11_500));
  const count = () =>
    withClient(url, async (c) => Number((await c.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()')).rows[0].n));
  const stats = emptyStats();
  const requests = mixRequests({ keys: store.keys, jobIds: store.jobIds, points, seed: 4242 }, stats);
  await settle(); // the load before has published its counts
  const before = await count();
  await settle();
  const idle = (await count()) - before;
  const out: Record<string, number> = { 'background per 11.5 s': idle };
  for (const kind of ['garaging', 'crash-aggregate', 'job-status'] as const) {
    const request = requests[MIX.indexOf(kind)];
    const start = await count();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const r = request.setupRequest!({}, {});
      const res = await fetch(server.url + r.path, { method: r.method, headers: r.headers, body: typeof r.body === 'string' ? r.body : undefined });
      if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    const seconds = (performance.now() - t0) / 1000;
    await settle();
    const background = (idle * (seconds + 11.5)) / 11.5;
    out[kind] = ((await count()) - start - background) / N;
  }
  return out;
}

async function checkJobVisible(url: string, store: Store): Promise<void> {
  for (const id of store.jobIds) {
    const res = await fetch(`${url}/v1/risk-score/ppa-telematics/job/${id}/status`, { headers: { authorization: `Bearer ${store.keys[0]}` } });
    if (res.status !== 200) throw new Error(`job ${id} status from the second process: ${res.status} ${await res.text()}`);
  }
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function pgVersion(url: string): Promise<string> {
  return withClient(url, async (c) => String((await c.query('show server_version')).rows[0].server_version));
}

/** The cluster's postmaster: the parent of a backend (read while that backend is alive). */
async function postmasterPid(url: string): Promise<number> {
  return withClient(url, async (c) => procStat(Number((await c.query('select pg_backend_pid() as pid')).rows[0].pid)).ppid);
}

function markdown(report: {
  transactions: Record<string, number>;
  postgresVersion: string;
  loadAtStart: string;
  loadAtEnd: string;
  rssAtReady: Record<string, number>;
  runs: Record<string, RunResult[]>;
  soak: Awaited<ReturnType<typeof soakRun>>;
}, soakRate: number): string {
  const rows = Object.entries(report.runs).map(([name, rs]) => {
    const pgCpu = rs[0].pgCpuMsPerRequest === null ? '–' : spread(rs.map((r) => r.pgCpuMsPerRequest!), 3);
    return `| ${name} | ${spread(rs.map((r) => r.reqPerSec))} | ${spread(rs.map((r) => r.p50), 1)} | ${spread(rs.map((r) => r.p99), 1)} | ${rs.reduce((s, r) => s + r.total, 0).toLocaleString('en-US')} | ${rs.reduce((s, r) => s + r.non2xx, 0)} | ${rs.reduce((s, r) => s + r.errors, 0)} | ${spread(rs.map((r) => r.apiCpuMsPerRequest), 3)} | ${pgCpu} |`;
  });
  const kindRows = Object.entries(report.runs).flatMap(([name, rs]) =>
    (Object.keys(rs[0].kinds) as Kind[]).map((kind) => {
      const statuses: Record<string, number> = {};
      for (const r of rs) for (const [code, n] of Object.entries(r.kinds[kind].statuses)) statuses[code] = (statuses[code] ?? 0) + n;
      return `| ${name} | ${kind} | ${spread(rs.map((r) => r.kinds[kind].p50), 1)} | ${spread(rs.map((r) => r.kinds[kind].p99), 1)} | ${Object.entries(statuses).map(([c, n]) => `${c}: ${n.toLocaleString('en-US')}`).join(', ')} |`;
    }),
  );
  const soak = report.soak;
  const soakRows = soak.perProcess.map((p) => `| ${label(p.name)} | ${p.reqPerSec.toFixed(0)} | ${p.p50.toFixed(1)} | ${p.p99.toFixed(1)} | ${p.total.toLocaleString('en-US')} | ${p.non2xx} | ${p.errors} | ${report.rssAtReady[p.name].toFixed(0)} | ${p.rssFirst.toFixed(0)} | ${p.rssLast.toFixed(0)} | ${p.rssMax.toFixed(0)} | ${(p.rssLast - p.rssFirst).toFixed(0)} |`);
  const sampleRows = soak.samples.map((s) => `| ${s.second} | ${Object.values(s.rss).map((v) => v.toFixed(0)).join(' | ')} |`);
  return `# Mixed load: 1 and 2 API processes, SQLite and PostgreSQL

Generated by \`node --import tsx bench/load/run.ts\` (see README.md for what is measured).

## Machine

| | |
|---|---|
| nproc | ${machine.nproc} |
| CPU | ${machine.cpu} |
| memory (free -g) | <pre>${machine['free -g'].replace(/\n/g, '<br>')}</pre> |
| node | ${machine.node} |
| PostgreSQL | ${report.postgresVersion} (private cluster, fsync off, on 127.0.0.1) |
| load average (1, 5, 15 min) at start | ${report.loadAtStart} |
| load average (1, 5, 15 min) at end | ${report.loadAtEnd} |

## Throughput and latency

Mix per connection, in turn: ${MIX.join(', ')} (40 % PPA garaging with 5 vehicles, 40 % crash
aggregate with radius 1–200 km over a random range in 2013–2015, 20 % status of one of ${JOBS} queued
telematics jobs). ${CONNECTIONS} connections in all: one autocannon instance on the one process, or
two instances of ${Math.ceil(CONNECTIONS / 2)} connections each, one per process (no proxy), in the
bench's process. ${DURATION} s per run, ${RUNS} runs per configuration interleaved, after 5 s of
warm-up each. ${KEYS} API keys per store, the stock plans file (enterprise: 6,000 requests/minute per
key), a key drawn at random per request. Median (min–max) of the runs. Latency is measured per request
in the bench (sent → answer complete). CPU is user+system time over the run divided by the requests:
the API process(es), and the whole PostgreSQL cluster (postmaster and backends).

| configuration | req/s | p50 ms | p99 ms | requests | non-2xx | errors+timeouts | API CPU ms/req | PostgreSQL CPU ms/req |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

By kind (median (min–max) over the runs; statuses summed over the runs):

| configuration | kind | p50 ms | p99 ms | statuses |
|---|---|---:|---:|---|
${kindRows.join('\n')}

PostgreSQL transactions per request, one process, requests sent one at a time (${Object.entries(report.transactions)
    .filter(([k]) => !k.startsWith('background'))
    .map(([k, v]) => `${k}: ${v.toFixed(2)}`)
    .join(', ')}; background ${report.transactions['background per 11.5 s']} per 11.5 s taken off).

Every run (req/s, 1-minute load average at its end):

| configuration | runs |
|---|---|
${Object.entries(report.runs).map(([name, rs]) => `| ${name} | ${rs.map((r) => `${r.reqPerSec.toFixed(0)} (${r.load1})`).join(' · ')} |`).join('\n')}

## Memory over ${soak.seconds / 60} minutes

All three API processes at once, each at a fixed ${soakRate} req/s (autocannon \`overallRate\`, 4
connections each) with the same mix, ${soak.seconds} s. RSS (VmRSS from /proc/<pid>/status, MB) sampled
every 10 s; "ready" is the RSS right after start-up, before any request.

| process | req/s | p50 ms | p99 ms | requests | non-2xx | errors+timeouts | RSS ready | first | last | max | last − first |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${soakRows.join('\n')}

<details><summary>RSS samples (MB)</summary>

| s | ${soak.perProcess.map((p) => label(p.name)).join(' | ')} |
|---:|${soak.perProcess.map(() => '---:').join('|')}|
${sampleRows.join('\n')}

</details>
`;
}

function label(name: string): string {
  return { sqlite: 'SQLite process', pgA: 'PostgreSQL process A', pgB: 'PostgreSQL process B' }[name] ?? name;
}

