// Samples another process's memory and CPU from /proc every `everyMs`, per named phase.
// Peak RSS per phase: the kernel's VmHWM (high-water mark, which sees spikes between samples) is
// reset at each phase start by writing 5 to /proc/<pid>/clear_refs (Linux >= 4.0), and read at the
// phase end; the largest sampled VmRSS is kept beside it as a cross-check.
import { readFileSync, writeFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

export interface PhaseStats {
  name: string;
  seconds: number;
  /** VmHWM at the phase's end, MB (10^6 bytes); since the phase start when the reset worked. */
  peakRssMb: number;
  hwmResetWorked: boolean;
  maxSampledRssMb: number;
  rssAtEndMb: number;
  /** user + system CPU seconds of the process during the phase, and that over wall time. */
  cpuSeconds: number;
  cores: number;
}

interface ProcStatus {
  rssKb: number;
  hwmKb: number;
}

function readStatus(pid: number): ProcStatus {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
}

function readCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the ")" closing the command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

const mb = (kb: number) => Math.round((kb * 1024) / 1e5) / 10;

export class ProcessSampler {
  private timer: NodeJS.Timeout | null = null;
  private phase: { name: string; startMs: number; startCpu: number; maxRssKb: number; reset: boolean } | null = null;
  readonly phases: PhaseStats[] = [];

  constructor(
    private readonly pid: number,
    private readonly everyMs = 100,
  ) {}

  rssMb(): number {
    return mb(readStatus(this.pid).rssKb);
  }

  /** Ends the current phase (if any) and starts the next one. */
  begin(name: string): void {
    this.end();
    let reset = true;
    try {
      writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
    } catch {
      reset = false;
    }
    this.phase = { name, startMs: performance.now(), startCpu: readCpuSeconds(this.pid), maxRssKb: readStatus(this.pid).rssKb, reset };
    this.timer ??= setInterval(() => this.sample(), this.everyMs);
  }

  /** Ends the current phase; stops sampling until the next begin(). */
  end(): void {
    if (this.phase === null) return;
    this.sample();
    const status = readStatus(this.pid);
    const seconds = (performance.now() - this.phase.startMs) / 1000;
    const cpuSeconds = readCpuSeconds(this.pid) - this.phase.startCpu;
    this.phases.push({
      name: this.phase.name,
      seconds,
      peakRssMb: mb(status.hwmKb),
      hwmResetWorked: this.phase.reset,
      maxSampledRssMb: mb(this.phase.maxRssKb),
      rssAtEndMb: mb(status.rssKb),
      cpuSeconds,
      cores: seconds > 0 ? cpuSeconds / seconds : 0,
    });
    this.phase = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private sample(): void {
    if (this.phase === null) return;
    try {
      this.phase.maxRssKb = Math.max(this.phase.maxRssKb, readStatus(this.pid).rssKb);
    } catch {
      // the process exited; the phase ends with what was seen
    }
  }
}
