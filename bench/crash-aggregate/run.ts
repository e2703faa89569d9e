// Side-by-side benchmark of the crash index: node --import tsx bench/crash-aggregate/run.ts
//   [--crashes N] (default 10,000,000) [--no-postgis] [--out FILE] (default RESULTS.md beside this file)
//   [--postgis-from RESULTS.json]: PostGIS figures from an earlier run on the same data instead of a new cluster
// Progress goes to stderr; results to RESULTS.md and results.json.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CrashIndex, type CrashTotals } from '../../src/domain/crashes/index/crash-index.ts';
import { buildKdbush, kdbushQuery, scanQuery } from './baselines.ts';
import { CASES, randomQueries } from './cases.ts';
import { loadAverage, machineDescription, percentile, timeAsyncCalls, timeCalls, type CallTimes } from './measure.ts';
import { postgisAvailable, postgisQuery, startPostgis } from './postgis.ts';
import { writeReport, type CaseResult, type Results, type RoadriskTiming } from './report.ts';
import { syntheticCrashes } from './synthetic.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const crashes = Number(option('--crashes') ?? 10_000_000);
const withPostgis = !args.includes('--no-postgis');
const postgisFrom = option('--postgis-from');
const out = option('--out') ?? join(here, 'RESULTS.md');
const centres = join(here, '../../../shared/data/census/CenPop_block_group2020.csv');
const log = (m: string): void => void process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const seconds = (since: number): number => (performance.now() - since) / 1000;
const same = (a: CrashTotals, b: CrashTotals): boolean => a.crashes === b.crashes && a.injuries === b.injuries && a.fatalities === b.fatalities;

const loadAtStart = loadAverage();
log(`generating ${crashes.toLocaleString('en-US')} synthetic crashes`);
let t = performance.now();
const columns = syntheticCrashes(centres, crashes);
const generateSeconds = seconds(t);

log('building roadrisk index');
const rssBefore = process.memoryUsage().rss;
t = performance.now();
const built = CrashIndex.build(columns, { dataVersion: `synthetic-${crashes}`, onProgress: progressLogger() });
const buildSeconds = seconds(t);
const peakRss = process.resourceUsage().maxRSS * 1024;
const dir = mkdtempSync(join(tmpdir(), 'roadrisk-bench-'));
const file = join(dir, 'crashes.idx');
t = performance.now();
await built.save(file);
const saveSeconds = seconds(t);
const fileBytes = statSync(file).size;
t = performance.now();
const index = await CrashIndex.load(file);
const loadSeconds = seconds(t);
rmSync(dir, { recursive: true, force: true });
const roadrisk = { buildSeconds, saveSeconds, loadSeconds, fileBytes, indexBytes: index.byteLength, rssBefore, peakRss, rssAfter: process.memoryUsage().rss };

log('timing roadrisk');
const results: CaseResult[] = CASES.map((c) => {
  const answer = index.query(c.lat, c.lon, c.radiusKm, c.from, c.to);
  if (!same(answer, built.query(c.lat, c.lon, c.radiusKm, c.from, c.to))) throw new Error('loaded index differs from built');
  const times = timeCalls(() => index.query(c.lat, c.lon, c.radiusKm, c.from, c.to), 1000, 100);
  return { ...c, answer, roadrisk: summary(times), agree: {} };
});
const mix = randomQueries(columns, 20_000);
for (const q of mix.slice(0, 2000)) index.query(q.lat, q.lon, q.radiusKm, q.from, q.to); // warm-up
const mixTimes = { all: [] as number[], uninterrupted: [] as number[] };
for (const q of mix) {
  const times = timeCalls(() => index.query(q.lat, q.lon, q.radiusKm, q.from, q.to), 1);
  mixTimes.all.push(...times.all);
  mixTimes.uninterrupted.push(...times.uninterrupted);
}
let mixChecked = 0;
for (const q of mix.slice(0, 100)) {
  if (!same(index.query(q.lat, q.lon, q.radiusKm, q.from, q.to), scanQuery(columns, q.lat, q.lon, q.radiusKm, q.from, q.to))) throw new Error(`random query differs from scan: ${JSON.stringify(q)}`);
  mixChecked++;
}

log('timing typed-array scan');
for (const r of results) {
  let answer: CrashTotals | undefined;
  const times = timeCalls(() => (answer = scanQuery(columns, r.lat, r.lon, r.radiusKm, r.from, r.to)), 3, r === results[0] ? 1 : 0).all;
  r.scan = { median: percentile(times, 50), p99: percentile(times, 99), reps: times.length };
  r.agree.scan = same(answer!, r.answer);
}

log('building and timing kdbush');
t = performance.now();
const kd = buildKdbush(columns);
const kdbushBuildSeconds = seconds(t);
for (const r of results) {
  let answer: CrashTotals | undefined;
  const times = timeCalls(() => (answer = kdbushQuery(kd, columns, r.lat, r.lon, r.radiusKm, r.from, r.to)), 3, 1).all;
  r.kdbush = { median: percentile(times, 50), p99: percentile(times, 99), reps: times.length };
  r.agree.kdbush = same(answer!, r.answer);
}

let postgis: Results['postgis'];
if (postgisFrom) {
  // PostGIS's figures from an earlier run: only on the same synthetic data (same count and seed),
  // and a case agrees only if this run's roadrisk answer equals the one PostGIS agreed with then.
  const earlier = JSON.parse(readFileSync(postgisFrom, 'utf8')) as Results;
  if (earlier.crashes !== crashes || !earlier.postgis) throw new Error(`${postgisFrom}: no PostGIS figures for ${crashes} crashes`);
  for (const r of results) {
    const then = earlier.cases.find((c) => c.place === r.place && c.radiusKm === r.radiusKm && c.range === r.range);
    if (!then?.postgis) continue;
    r.postgis = then.postgis;
    r.agree.postgis = then.agree.postgis === true && same(then.answer, r.answer);
  }
  postgis = { ...earlier.postgis, reusedFrom: `${postgisFrom} (load average ${earlier.machine['load average (1 min) at start / end']})` };
} else if (withPostgis && postgisAvailable()) {
  const cluster = await startPostgis(columns, log);
  try {
    log('timing PostGIS');
    for (const r of results) {
      let answer: CrashTotals | undefined;
      const times = await timeAsyncCalls(async () => (answer = await postgisQuery(cluster.client, r.lat, r.lon, r.radiusKm, r.from, r.to)), 5, 1);
      r.postgis = { median: percentile(times, 50), p99: percentile(times, 99), reps: times.length };
      r.agree.postgis = same(answer!, r.answer);
      if (!r.agree.postgis) log(`PostGIS differs: ${r.place} ${r.radiusKm} km ${r.range}: ${JSON.stringify(answer)} vs ${JSON.stringify(r.answer)}`);
    }
    postgis = { version: cluster.version, loadSeconds: cluster.loadSeconds };
  } finally {
    log('stopping PostgreSQL');
    await cluster.stop();
  }
} else if (withPostgis) {
  log('PostGIS not installed: skipped (apt-get install -y postgresql postgresql-15-postgis-3)');
}

const report: Results = {
  crashes, generateSeconds, roadrisk, kdbushBuildSeconds, cases: results, postgis,
  mix: { ...summary(mixTimes), max: Math.max(...mixTimes.all), checked: mixChecked },
  machine: machineDescription(postgis?.version ?? 'not run', loadAtStart),
};
writeReport(report, out);
writeFileSync(out.replace(/\.md$/, '.json'), JSON.stringify(report, null, 2));
log(`wrote ${out}`);

function summary(times: CallTimes): RoadriskTiming {
  return {
    median: percentile(times.all, 50), p99: percentile(times.all, 99), reps: times.all.length,
    p99Uninterrupted: percentile(times.uninterrupted, 99), descheduled: 1 - times.uninterrupted.length / times.all.length,
  };
}

function progressLogger(): (done: number, total: number) => void {
  let shown = -1;
  return (done, total) => {
    const percent = Math.floor((100 * done) / total / 10) * 10;
    if (percent !== shown) log(`  build ${(shown = percent)}%`);
  };
}
