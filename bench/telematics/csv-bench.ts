// Side-by-side benchmark of telematics CSV validation + conversion (see README.md beside this).
// Generates a SYNTHETIC ~1 GB fleet file outside the repository, runs every contender several
// times, each run in a fresh child process (so its peak RSS is its own), rounds interleaved so
// machine noise spreads over all contenders, prints a Markdown report, deletes the files.
//
// Usage: node --import tsx bench/telematics/csv-bench.ts [--bytes 1000000000] [--runs 5]
//          [--dir /tmp/roadrisk-bench] [--order time|vehicle] [--keep]
import { execFileSync, execSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    bytes: { type: 'string', default: '1000000000' },
    runs: { type: 'string', default: '5' },
    dir: { type: 'string', default: '/tmp/roadrisk-bench' },
    order: { type: 'string', default: 'time' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const dir = values.dir;
const file = join(dir, `synthetic-fleet-${values.order}.csv`);
const prefixFile = join(dir, `synthetic-fleet-${values.order}-prefix.csv`);
const PREFIX_BYTES = 100_000_000;
const TIME_LIMIT_SECONDS = 180; // longer full-file runs are measured on the prefix (brief)
const MiB = 1 << 20;

interface Run {
  contender: string;
  chunkBytes: number;
  bytes: number;
  rows: number;
  seconds: number;
  cpuSeconds: number;
  maxRssMB: number;
}

interface Plan {
  label: string;
  contender: string;
  chunkBytes: number;
  input: string;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

function runOnce(plan: Plan): Run {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/telematics/csv-run-one.ts', plan.contender, plan.input, join(dir, 'scratch'), String(plan.chunkBytes)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(output.trim().split('\n').at(-1) as string) as Run;
}

/** Copies the first ~`bytes` of `from`, cut after a line break. */
function writePrefix(from: string, to: string, bytes: number): void {
  const buffer = Buffer.alloc(bytes);
  const input = openSync(from, 'r');
  const length = readSync(input, buffer, 0, bytes, 0);
  closeSync(input);
  const output = openSync(to, 'w');
  writeSync(output, buffer, 0, buffer.lastIndexOf(10, length - 1) + 1);
  closeSync(output);
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function machine(): string {
  const shell = (command: string) => execSync(command, { encoding: 'utf8' }).trim();
  return [
    `- CPU: ${cpus()[0]?.model ?? 'unknown'}, nproc ${shell('nproc')}`,
    `- Memory (free -g):\n\n\`\`\`\n${shell('free -g')}\n\`\`\``,
    `- Node ${process.version}, OS ${shell('uname -sr')}`,
    `- Load average at start: ${loadavg().map((x) => x.toFixed(2)).join(', ')} (shared machine)`,
  ].join('\n');
}

function main(): void {
  const machineText = machine();
  if (!existsSync(file)) {
    log(`generating ${file} ...`);
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/telematics/generate-csv.ts', '--out', file, '--bytes', values.bytes, '--order', values.order], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
  writePrefix(file, prefixFile, PREFIX_BYTES);

  const plans: Plan[] = [
    { label: 'roadrisk converter', contender: 'roadrisk', chunkBytes: MiB, input: file },
    { label: 'roadrisk converter, 64 KiB chunks', contender: 'roadrisk', chunkBytes: 64 * 1024, input: file },
    { label: 'line-break scan (floor, no parsing)', contender: 'line-break scan', chunkBytes: MiB, input: file },
    { label: 'line-break scan, 64 KiB chunks', contender: 'line-break scan', chunkBytes: 64 * 1024, input: file },
  ];
  for (const library of ['udsv', 'papaparse', 'csv-parse']) {
    const probe = runOnce({ label: library, contender: library, chunkBytes: MiB, input: prefixFile });
    const fullSeconds = (probe.seconds * statSync(file).size) / probe.bytes;
    const input = fullSeconds > TIME_LIMIT_SECONDS ? prefixFile : file;
    log(`${library}: probe ${(probe.bytes / 1e6 / probe.seconds).toFixed(1)} MB/s, ~${fullSeconds.toFixed(0)} s per file → ${input === file ? 'full file' : '100 MB prefix'}`);
    plans.push({ label: `${library} + Number + Date.parse`, contender: library, chunkBytes: MiB, input });
  }
  plans.push({ label: 'idle process (node + tsx, RSS baseline)', contender: 'idle', chunkBytes: MiB, input: prefixFile });

  const results = new Map<Plan, Run[]>(plans.map((plan) => [plan, []]));
  for (let round = 1; round <= runs; round++) {
    for (const plan of plans) {
      const run = runOnce(plan);
      results.get(plan)?.push(run);
      log(`round ${round}: ${plan.label}: ${(run.bytes / 1e6 / run.seconds).toFixed(1)} MB/s, ${run.maxRssMB.toFixed(0)} MB RSS`);
    }
  }
  report(machineText, results);
  rmSync(prefixFile, { force: true });
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}

function report(machineText: string, results: Map<Plan, Run[]>): void {
  const lines = [
    `### Run of ${new Date().toISOString().slice(0, 10)}: ${runs} runs each, order \`${values.order}\``,
    '',
    machineText,
    `- Load average at end: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`,
    '',
    '| contender | input | chunk | median MB/s | min–max MB/s | MB per CPU s | median s (whole file) | median CPU s | peak RSS MB | rows |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [plan, runsOf] of results) {
    if (plan.contender === 'idle') continue;
    const rates = runsOf.map((r) => r.bytes / 1e6 / r.seconds);
    const scale = statSync(file).size / runsOf[0].bytes; // prefix runs are extrapolated linearly
    const input = plan.input === file ? `${(runsOf[0].bytes / 1e9).toFixed(2)} GB` : `${(runsOf[0].bytes / 1e6).toFixed(0)} MB prefix, ×${scale.toFixed(1)}`;
    lines.push(
      `| ${plan.label} | ${input} | ${plan.chunkBytes >= MiB ? '1 MiB' : '64 KiB'} | ${median(rates).toFixed(1)} | ${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)} | ${median(runsOf.map((r) => r.bytes / 1e6 / r.cpuSeconds)).toFixed(1)} | ${(median(runsOf.map((r) => r.seconds)) * scale).toFixed(1)} | ${(median(runsOf.map((r) => r.cpuSeconds)) * scale).toFixed(1)} | ${Math.max(...runsOf.map((r) => r.maxRssMB)).toFixed(0)} | ${runsOf[0].rows} |`,
    );
  }
  const idle = [...results].find(([plan]) => plan.contender === 'idle')?.[1] ?? [];
  lines.push('', `Idle child process (node + tsx loader, no work): peak RSS ${median(idle.map((r) => r.maxRssMB)).toFixed(0)} MB.`);
  console.log(lines.join('\n'));
}

main();
