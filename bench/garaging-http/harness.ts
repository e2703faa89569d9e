// What the HTTP benches share: the machine description, roadrisk servers as child processes
// (`node bin/roadrisk.js serve`), a bench plans file, autocannon runs and their summaries.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SOURCE_DATA = resolve(ROOT, process.env.ROADRISK_SOURCE_DATA ?? '../shared/data');
/** The operator key every bench server is started with (ROADRISK_BOOTSTRAP_API_KEY). */
export const BOOTSTRAP_KEY = 'rr_live_bench-operator-key-not-a-secret-0000';

export const log = (message: string): void => void process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

export function machineDescription(): Record<string, string> {
  const run = (cmd: string, args: string[]): string => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).replace(/\s+$/, '');
    } catch {
      return 'n/a';
    }
  };
  const model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? 'n/a';
  return { nproc: run('nproc', []), 'free -g': run('free', ['-g']), cpu: model, node: process.version };
}

/**
 * A copy of config/plans.json with every plan's per-key limit raised, so that one key can send
 * the benches' rates without 429s (ROADRISK_PLANS_FILE). The limiter still runs on every request.
 */
export function writeBenchPlans(dir: string, requestsPerMinute: number): string {
  const plans = JSON.parse(readFileSync(join(ROOT, 'config/plans.json'), 'utf8')) as { plans: Record<string, { requestsPerMinute: number }> };
  for (const plan of Object.values(plans.plans)) plan.requestsPerMinute = requestsPerMinute;
  const file = join(dir, 'bench-plans.json');
  writeFileSync(file, JSON.stringify(plans, null, 2));
  return file;
}

export interface RoadriskEnv {
  dataDir: string;
  databaseUrl?: string;
  plansFile?: string;
}

function roadriskEnv(env: RoadriskEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {
    ...process.env,
    ROADRISK_DATA_DIR: env.dataDir,
    ROADRISK_LOG_LEVEL: 'warn',
    ROADRISK_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY,
    ...extra,
  };
  delete out.ROADRISK_DATABASE_URL;
  delete out.ROADRISK_PLANS_FILE;
  if (env.databaseUrl) out.ROADRISK_DATABASE_URL = env.databaseUrl;
  if (env.plansFile) out.ROADRISK_PLANS_FILE = env.plansFile;
  return out;
}

/** `roadrisk data build`: imports the public crash data into the store and builds the indexes. */
export function buildData(env: RoadriskEnv): void {
  execFileSync(process.execPath, ['bin/roadrisk.js', 'data', 'build'], { cwd: ROOT, env: roadriskEnv(env), stdio: ['ignore', 'ignore', 'pipe'] });
}

export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts a child process and waits for `ready` on its stderr (a failed start throws its stderr). */
export function startChild(command: string[], env: NodeJS.ProcessEnv, url: string, ready: RegExp): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, command, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const server: ChildServer = {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return new Promise((resolveStart, rejectStart) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rejectStart(new Error(`${command.join(' ')} did not start in 120 s:\n${stderr}`));
    }, 120_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
      if (ready.test(stderr)) {
        clearTimeout(timer);
        resolveStart(server);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      rejectStart(new Error(`${command.join(' ')} exited (${code ?? signal}):\n${stderr}`));
    });
  });
}

export interface ServeOptions extends RoadriskEnv {
  port: number;
  /** ROADRISK_API_PROCESSES (1 unless given). */
  apiProcesses?: number;
  /** Node flags before the script (e.g. --cpu-prof). */
  nodeFlags?: string[];
}

/** `roadrisk serve` with no job workers (ROADRISK_WORKERS=0). */
export function startRoadrisk(options: ServeOptions): Promise<ChildServer> {
  const env = roadriskEnv(options, {
    ROADRISK_PORT: String(options.port), ROADRISK_HOST: '127.0.0.1', ROADRISK_WORKERS: '0', ROADRISK_API_PROCESSES: String(options.apiProcesses ?? 1),
  });
  return startChild([...(options.nodeFlags ?? []), 'bin/roadrisk.js', 'serve'], env, `http://127.0.0.1:${options.port}`, /roadrisk listening on http/);
}

export interface RunSummary {
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export function summarise(result: AutocannonResult): RunSummary {
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  };
}

export async function cannon(options: AutocannonOptions): Promise<AutocannonResult> {
  return autocannon({ timeout: 10, ...options });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One line of a results table: median (min–max) of several runs. */
export function spread(values: number[], digits = 0): string {
  const f = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

/** Finds a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Stops everything registered here on exit paths (also Ctrl-C), so no server outlives the bench. */
const cleanups: (() => Promise<void> | void)[] = [];
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}
export async function cleanup(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      log(`cleanup: ${String(error)}`);
    }
  }
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface ProcStat {
  ppid: number;
  /** User + system CPU time so far, ms. */
  cpuMs: number;
  /** User + system CPU time of its children that ended and were waited for, ms. */
  childrenCpuMs: number;
}

/** From /proc/<pid>/stat (fields after the command: state, ppid, ... utime, stime, cutime, cstime). */
export function procStat(pid: number): ProcStat {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return { ppid: f[1], cpuMs: ((f[11] + f[12]) * 1000) / CLOCK_TICKS, childrenCpuMs: ((f[13] + f[14]) * 1000) / CLOCK_TICKS };
}

/**
 * CPU time (user + system) in ms that a process has used so far with its children: those that
 * ended (cutime/cstime) and those alive. A server with several API processes (node:cluster) is the
 * primary and its children; a PostgreSQL cluster is the postmaster and its backends.
 */
export function processCpuMs(pid: number): number {
  const own = procStat(pid);
  let total = own.cpuMs + own.childrenCpuMs;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = procStat(Number(entry));
      if (child.ppid === pid) total += child.cpuMs;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Resident set size of a process in MB, from VmRSS in /proc/<pid>/status. */
export function processRssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}
