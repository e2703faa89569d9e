// End to end: a telematics CSV uploaded to a real `roadrisk serve`, from the first byte to the job's
// `completed`, against the issue's targets: "a 1 GB file (about 20 million points) from upload to
// completed: under 30 s on 2 cores" and "peak RSS of the server under 300 MB while accepting a 1 GB
// upload". See README.md in this folder.
//
// Usage (from the repository root; ~2 GB free in /tmp, ~15 minutes):
//   node --import tsx bench/telematics/end-to-end/run.ts
//     [--bytes 1000000000] [--compare-bytes 100000000] [--runs 3] [--workers 1,2]
//     [--cpu-prof] [--memory-probe] [--dir /tmp/roadrisk-e2e] [--keep] [--reuse]
// --reuse keeps the CSV files and built crash data of an earlier --keep run in the same --dir.
// The server runs as `npm start` runs it: dist/roadrisk.mjs, built first if stale (scripts/build.mjs).
// --cpu-prof and --memory-probe each add one diagnostic 1 GB run (not in the timing table): the
// server under node --cpu-prof (self time per phase), or with memory-probe.mjs preloaded (RSS split
// into V8 heap, array buffers and the rest at each phase's peak). --memory-variants adds four: the
// server as shipped (the bundle), with one forced full GC once it listens, the sources through tsx
// (ROADRISK_RUN_SOURCES=1), and both, to attribute the peak RSS.
// Progress goes to stderr; a Markdown section for ../RESULTS.md goes to stdout, and every
// measurement as JSON to <dir>/measurements.json (deleted with the dir unless --keep).
import { execFileSync, execSync } from 'node:child_process';
import { cpus, loadavg, release } from 'node:os';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureOnce, type RunMeasurement } from './server-run.ts';
import { summarizeProfile, type ProfileSummary } from './profile-summary.ts';

const { values } = parseArgs({
  options: {
    bytes: { type: 'string', default: '1000000000' },
    'compare-bytes': { type: 'string', default: '100000000' },
    runs: { type: 'string', default: '3' },
    workers: { type: 'string', default: '1,2' },
    'cpu-prof': { type: 'boolean', default: false },
    'memory-probe': { type: 'boolean', default: false },
    'memory-variants': { type: 'boolean', default: false },
    dir: { type: 'string', default: '/tmp/roadrisk-e2e' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const repoRoot = resolve(import.meta.dirname, '../../..');
const workDir = resolve(values.dir);
const runs = Number(values.runs);
const workerCounts = values.workers.split(',').map(Number);
const API_KEY = 'rr_live_end-to-end-bench-secret-0000000000';
const progress = (message: string) => process.stderr.write(`[e2e] ${message}\n`);

function machine() {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    nproc: execSync('nproc').toString().trim(),
    free: execSync('free -g').toString().trim(),
    node: process.version,
    kernel: release(),
    loadStart: loadavg().map((x) => x.toFixed(2)).join(' '),
  };
}

function generate(bytes: number, name: string): { file: string; bytes: number; rows: number; vehicles: number; days: number; sampledOnUsLand: number } {
  const out = join(workDir, name);
  // --reuse: the same seeded file from an earlier --keep run in this --dir (generation is deterministic).
  if (values.reuse && existsSync(out) && existsSync(`${out}.json`)) {
    const kept = JSON.parse(readFileSync(`${out}.json`, 'utf8'));
    if (kept.bytes === bytes || statSync(out).size === kept.bytes) {
      progress(`reusing ${name}`);
      return kept;
    }
  }
  progress(`generating ${name} (${bytes / 1e6} MB, SYNTHETIC)`);
  const line = execFileSync(process.execPath, ['--import', 'tsx', 'bench/telematics/end-to-end/generate.ts', '--out', out, '--bytes', String(bytes)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  writeFileSync(`${out}.json`, line);
  return JSON.parse(line.toString());
}

/** As `npm start` does: compile src/ into dist/roadrisk.mjs unless it is current (scripts/build.mjs). */
function buildBundle(): void {
  progress('building the bundle if stale (scripts/build.mjs --if-stale)');
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
}

function buildData(): string {
  const dataDir = join(workDir, 'data-template');
  if (values.reuse && existsSync(join(dataDir, 'indexes'))) {
    progress('reusing the built crash data');
    return dataDir;
  }
  progress('building crash data (roadrisk data build)');
  const started = performance.now();
  execFileSync(process.execPath, ['bin/roadrisk.js', 'data', 'build'], {
    cwd: repoRoot,
    env: { ...process.env, ROADRISK_DATA_DIR: dataDir, ROADRISK_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  progress(`data built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return dataDir;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f1 = (x: number) => x.toFixed(1);

function row(label: string, m: Pick<RunMeasurement, 'fileBytes' | 'uploadSeconds' | 'processingSeconds' | 'totalSeconds'> & Partial<RunMeasurement>, peaks: [number, number], cores: [number, number]) {
  const r = m.result;
  return (
    `| ${label} | ${f1(m.uploadSeconds)} | ${f1(m.fileBytes / 1e6 / m.uploadSeconds)} | ${f1(m.processingSeconds)} | ` +
    `**${f1(m.totalSeconds)}** | ${peaks[0].toFixed(0)} | ${peaks[1].toFixed(0)} | ${cores[0].toFixed(2)} / ${cores[1].toFixed(2)} | ` +
    (r ? `${r.vehicles} | ${r.errors} | ${Math.round(r.exposureHours)} | ${r.states} |` : `${m.status ?? ''} | | | |`)
  );
}

function table(title: string, ms: RunMeasurement[]): string {
  const lines = [
    `| ${title} | upload s | upload MB/s | upload end → completed s | total s | peak RSS upload MB | peak RSS processing MB | server cores upload / processing | vehicles scored | errors | exposure h | states |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const workers of workerCounts) {
    const mine = ms.filter((m) => m.workers === workers);
    mine.forEach((m, i) =>
      lines.push(row(`workers=${workers}, run ${i + 1}`, m, [m.upload.peakRssMb, m.processing.peakRssMb], [m.upload.cores, m.processing.cores])),
    );
    if (mine.length > 1) {
      const med = (f: (m: RunMeasurement) => number) => median(mine.map(f));
      lines.push(
        row(
          `**workers=${workers}, median**`,
          { fileBytes: mine[0].fileBytes, uploadSeconds: med((m) => m.uploadSeconds), processingSeconds: med((m) => m.processingSeconds), totalSeconds: med((m) => m.totalSeconds), result: mine[0].result },
          [med((m) => m.upload.peakRssMb), med((m) => m.processing.peakRssMb)],
          [med((m) => m.upload.cores), med((m) => m.processing.cores)],
        ),
      );
    }
  }
  return lines.join('\n');
}

function details(ms: RunMeasurement[]): string {
  return ms
    .map(
      (m) =>
        `- ${f1(m.fileBytes / 1e6)} MB, workers=${m.workers}: idle RSS ${f1(m.idleRssMb)} MB; last byte sent at ${f1(m.sentSeconds)} s, ` +
        `answered at ${f1(m.uploadSeconds)} s; job queued ${m.queuedSeconds?.toFixed(2)} s, computed ${m.computeSeconds?.toFixed(1)} s ` +
        `(server clock); sampled max RSS upload/processing ${f1(m.upload.maxSampledRssMb)} / ${f1(m.processing.maxSampledRssMb)} MB ` +
        `(VmHWM reset per phase: ${m.upload.hwmResetWorked && m.processing.hwmResetWorked}); server CPU s upload/processing ` +
        `${f1(m.upload.cpuSeconds)} / ${f1(m.processing.cpuSeconds)}; slowest status poll ${Math.round(m.maxPollMs)} ms; ` +
        `result ${m.result ? `${f1(m.result.resultBytes / 1e3)} kB, aggregated_risk_score ${m.result.aggregatedRiskScore}, median vehicle score ${m.result.medianVehicleScore}, leading factors ${JSON.stringify(m.result.leadingFactors)}` : m.errorMessage}; ` +
        `converted upload deleted ${m.uploadDeletedMs === null ? 'NOT within 20 s' : `${Math.round(m.uploadDeletedMs)} ms`} after completed` +
        (m.uploadsLeftBehind ? `, ${m.uploadsLeftBehind} upload dir(s) left after stop` : ''),
    )
    .join('\n');
}

interface ProfiledRun {
  m: RunMeasurement;
  upload: ProfileSummary;
  processing: ProfileSummary;
}

function profileSection(p: ProfiledRun): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const rows = (s: ProfileSummary, n: number) => s.byFunction.slice(0, n).map((r) => `| ${r.name} | ${r.ms} | ${pct(r.share)} |`);
  const files = (s: ProfileSummary, n: number) => s.byFile.slice(0, n).map((r) => `| ${r.name} | ${r.ms} | ${pct(r.share)} |`);
  const { m } = p;
  return [
    `**CPU profile** (node --cpu-prof on the server's main thread, workers=${m.workers}, one extra run on the main file; profiling slows it): ` +
      `upload ${f1(m.uploadSeconds)} s, upload end → completed ${f1(m.processingSeconds)} s, total ${f1(m.totalSeconds)} s. ` +
      `Non-idle samples: ${p.upload.totalMs} ms during the upload, ${p.processing.totalMs} ms during processing.`,
    '',
    '| upload phase: function (self) | ms | share |',
    '|---|---:|---:|',
    ...rows(p.upload, 15),
    '',
    '| processing phase: function (self) | ms | share |',
    '|---|---:|---:|',
    ...rows(p.processing, 15),
    '',
    '| upload phase: file (self) | ms | share |',
    '|---|---:|---:|',
    ...files(p.upload, 10),
    '',
    '| processing phase: file (self) | ms | share |',
    '|---|---:|---:|',
    ...files(p.processing, 10),
  ].join('\n');
}

interface ProbeLine {
  wall: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  note?: string;
}

function memorySection(m: RunMeasurement, probeFile: string): string {
  const lines = readFileSync(probeFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ProbeLine);
  const phases: [string, number, number][] = [
    ['started, idle (before the upload)', 0, m.wallClock.started],
    ['upload', m.wallClock.started, m.wallClock.answered],
    ['processing', m.wallClock.answered, m.wallClock.done],
  ];
  const out = [
    `**Memory probe** (memory-probe.mjs preloaded, one extra run on the main file, workers=${m.workers}; process.memoryUsage() every 100 ms, MB): ` +
      `VmHWM per phase ${f1(m.upload.peakRssMb)} (upload) / ${f1(m.processing.peakRssMb)} (processing).`,
    '',
    '| phase | samples | at peak RSS: RSS | V8 heap committed | V8 heap used | array buffers | other (RSS − heap − buffers) | max heap used | max array buffers |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, from, to] of phases) {
    const inside = lines.filter((l) => l.wall >= from && l.wall <= to);
    if (inside.length === 0) continue;
    const peak = inside.reduce((a, b) => (b.rss > a.rss ? b : a));
    const max = (f: (l: ProbeLine) => number) => Math.max(...inside.map(f));
    out.push(
      `| ${name} | ${inside.length} | ${f1(peak.rss)} | ${f1(peak.heapTotal)} | ${f1(peak.heapUsed)} | ${f1(peak.arrayBuffers)} | ` +
        `${f1(peak.rss - peak.heapTotal - peak.arrayBuffers)} | ${f1(max((l) => l.heapUsed))} | ${f1(max((l) => l.arrayBuffers))} |`,
    );
  }
  return out.join('\n');
}

interface Variant {
  name: string;
  m: RunMeasurement;
}

function variantsSection(variants: Variant[]): string {
  return [
    '**Where the peak RSS comes from** (one run each on the main file, workers=1; "forced GC" = one full collection through ' +
      '`--expose-gc` and memory-probe.mjs after the server listens, before the upload; "bundle" = dist/roadrisk.mjs as `npm start` ' +
      'runs it, "sources" = `ROADRISK_RUN_SOURCES=1`, src/ through the tsx loader):',
    '',
    '| server | RSS before upload MB | peak RSS upload MB | peak RSS processing MB | total s |',
    '|---|---:|---:|---:|---:|',
    ...variants.map((v) => `| ${v.name} | ${v.m.idleRssMb.toFixed(0)} | ${v.m.upload.peakRssMb.toFixed(0)} | ${v.m.processing.peakRssMb.toFixed(0)} | ${f1(v.m.totalSeconds)} |`),
  ].join('\n');
}

async function main(): Promise<void> {
  const m0 = machine();
  if (!values.reuse) rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  buildBundle();
  const measurements: { label: string; m: RunMeasurement }[] = [];
  let profile: ProfiledRun | null = null;
  let memory: string | null = null;
  const variants: Variant[] = [];
  try {
    const big = generate(Number(values.bytes), 'fleet.csv');
    const small = Number(values['compare-bytes']) > 0 ? generate(Number(values['compare-bytes']), 'fleet-small.csv') : null;
    const template = buildData();
    const once = async (label: string, file: string, workers: number) => {
      progress(`${label}: workers=${workers}`);
      const m = await measureOnce({ repoRoot, workDir, templateDataDir: template, file, workers, apiKey: API_KEY, keep: values.keep });
      progress(`  upload ${f1(m.uploadSeconds)} s, processing ${f1(m.processingSeconds)} s, total ${f1(m.totalSeconds)} s, peak RSS ${m.upload.peakRssMb} / ${m.processing.peakRssMb} MB, ${m.status}`);
      measurements.push({ label, m });
      writeFileSync(join(workDir, 'measurements.json'), JSON.stringify({ machine: m0, big, small, measurements }, null, 2));
    };
    for (let run = 1; run <= runs; run++) for (const workers of workerCounts) await once(`big run ${run}`, big.file, workers);
    if (small) for (const workers of workerCounts) await once('small', small.file, workers);
    if (values['cpu-prof']) {
      const dir = join(workDir, 'profiles');
      mkdirSync(dir, { recursive: true });
      progress('profiled run (--cpu-prof)');
      const m = await measureOnce({ repoRoot, workDir, templateDataDir: template, file: big.file, workers: workerCounts[0], apiKey: API_KEY, cpuProfDir: dir, keep: values.keep });
      // One profile per thread; tsx's module-loader thread writes a small one. The main thread's is the largest.
      const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(dir, f));
      const main = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
      if (main) {
        const t = m.monotonicUs;
        profile = { m, upload: summarizeProfile(main, 25, t.started, t.answered), processing: summarizeProfile(main, 25, t.answered, t.done) };
      }
    }
    if (values['memory-probe']) {
      const probeFile = join(workDir, 'memory-probe.jsonl');
      progress('memory-probed run');
      const probe = join(import.meta.dirname, 'memory-probe.mjs');
      const m = await measureOnce({
        repoRoot, workDir, templateDataDir: template, file: big.file, workers: workerCounts[0], apiKey: API_KEY, keep: values.keep,
        nodeArgs: ['--import', probe], env: { MEMORY_PROBE_FILE: probeFile },
      });
      memory = memorySection(m, probeFile);
    }
    if (values['memory-variants']) {
      const probe = join(import.meta.dirname, 'memory-probe.mjs');
      const gc = ['--expose-gc', '--import', probe];
      const sources = { env: { ROADRISK_RUN_SOURCES: '1' } };
      const runs: [string, Partial<Parameters<typeof measureOnce>[0]>][] = [
        ['as shipped (`bin/roadrisk.js` → bundle)', {}],
        ['bundle, forced GC after start', { nodeArgs: gc, gcBeforeUpload: true }],
        ['sources (tsx loader)', sources],
        ['sources, forced GC after start', { ...sources, nodeArgs: gc, gcBeforeUpload: true }],
      ];
      for (const [name, extra] of runs) {
        progress(`memory variant: ${name}`);
        const m = await measureOnce({ repoRoot, workDir, templateDataDir: template, file: big.file, workers: 1, apiKey: API_KEY, keep: values.keep, ...extra });
        progress(`  peak RSS ${m.upload.peakRssMb} / ${m.processing.peakRssMb} MB, ${m.status}`);
        variants.push({ name, m });
      }
    }
    const m1 = loadavg().map((x) => x.toFixed(2)).join(' ');
    const bigRuns = measurements.filter((x) => x.label.startsWith('big')).map((x) => x.m);
    const smallRuns = measurements.filter((x) => x.label === 'small').map((x) => x.m);
    const size = (bytes: number) => (bytes >= 1e9 ? `${f1(bytes / 1e9)} GB` : `${Math.round(bytes / 1e6)} MB`);
    const out = [
      '## End to end: 1 GB upload to completed',
      '',
      `- Machine: ${m0.cpu}, nproc ${m0.nproc}; Node ${m0.node}, Linux ${m0.kernel}`,
      `- \`free -g\`: ${m0.free.split('\n')[1]?.replace(/\s+/g, ' ')}`,
      '- Server: `node bin/roadrisk.js serve` running dist/roadrisk.mjs (the esbuild bundle `npm start` builds), SQLite',
      `- Load average (1, 5, 15 min): ${m0.loadStart} at start, ${m1} at end`,
      `- Data (SYNTHETIC, seeded, \`generate.ts\`): ${f1(big.bytes / 1e6)} MB, ${big.rows.toLocaleString('en-US')} points, ${big.vehicles} vehicles, ` +
        `${big.days} days at 1 Hz, rows interleaved by time; ${(big.sampledOnUsLand * 100).toFixed(1)}% of sampled points inside a US state polygon` +
        (small ? `; comparison file ${f1(small.bytes / 1e6)} MB, ${small.rows.toLocaleString('en-US')} points` : ''),
      '',
      table(size(big.bytes), bigRuns),
      '',
      ...(smallRuns.length && small ? [table(size(small.bytes), smallRuns), ''] : []),
      'Per run:',
      '',
      details([...bigRuns, ...smallRuns]),
      ...(profile ? ['', profileSection(profile)] : []),
      ...(memory ? ['', memory] : []),
      ...(variants.length ? ['', variantsSection(variants)] : []),
    ].join('\n');
    console.log(out);
  } finally {
    if (!values.keep) rmSync(workDir, { recursive: true, force: true });
    else progress(`kept ${workDir}`);
    if (existsSync(workDir) && !values.keep) progress(`could not delete ${workDir}`);
  }
}

await main();
