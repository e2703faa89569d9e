// Timing helpers and the machine description that goes with every result.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/**
 * Scheduler counters of this thread (Linux /proc/thread-self/schedstat): nanoseconds waited on the
 * run queue and times scheduled in. A call during which neither moved ran on the CPU throughout,
 * so its wall time is its own compute; on a shared 2-core machine the others are preempted by
 * other processes for a whole time slice (~4 ms), which says nothing about the code timed.
 */
function schedCounters(): [number, number] {
  try {
    const [, waited, slices] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return [waited, slices];
  } catch {
    return [0, 0];
  }
}

export interface CallTimes {
  /** Wall milliseconds of every call. */
  all: number[];
  /** Wall milliseconds of the calls that were never descheduled. */
  uninterrupted: number[];
}

/** Times `reps` calls after `warmup` untimed ones. */
export function timeCalls(fn: () => unknown, reps: number, warmup = 0): CallTimes {
  for (let i = 0; i < warmup; i++) fn();
  const times: CallTimes = { all: [], uninterrupted: [] };
  for (let i = 0; i < reps; i++) {
    const [waited, slices] = schedCounters();
    const start = performance.now();
    fn();
    const ms = performance.now() - start;
    const [waitedAfter, slicesAfter] = schedCounters();
    times.all.push(ms);
    if (waitedAfter === waited && slicesAfter === slices) times.uninterrupted.push(ms);
  }
  return times;
}

export async function timeAsyncCalls(fn: () => Promise<unknown>, reps: number, warmup = 0): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** 1-minute load average: other processes competing for the cores during the run. */
export function loadAverage(): string {
  return loadavg()[0].toFixed(1);
}

export function machineDescription(postgres: string, loadAtStart: string): Record<string, string> {
  const run = (cmd: string, args: string[]): string => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).replace(/\s+$/, '');
    } catch {
      return 'n/a';
    }
  };
  const model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? 'n/a';
  return {
    nproc: run('nproc', []),
    'free -g': run('free', ['-g']),
    cpu: model,
    node: process.version,
    postgres,
    'load average (1 min) at start / end': `${loadAtStart} / ${loadAverage()}`,
  };
}

export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}
