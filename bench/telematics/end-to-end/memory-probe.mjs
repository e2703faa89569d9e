// Diagnostic preload for the server (node [--expose-gc] --import <this file> bin/roadrisk.js serve),
// used by run.ts --memory-probe and --memory-variants, never by the timed runs.
// - MEMORY_PROBE_FILE set: every MEMORY_PROBE_MS (default 100) appends process.memoryUsage() and
//   V8's heap-space sizes as a JSON line, so RSS can be split into V8 heap, array buffers and the
//   rest over time.
// - SIGUSR2 with --expose-gc: one full collection (logged before and after when probing). It shows
//   how much of the idle heap is garbage V8 has not collected yet (it collects old-space garbage
//   only under allocation pressure) and what the peaks are without it.
import { appendFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
const mb = (x) => Math.round(x / 1e5) / 10;
const started = performance.now();

function sample(note) {
  if (!file) return;
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_used_size)]));
  const line = {
    t: Math.round(performance.now() - started),
    wall: Date.now(),
    rss: mb(m.rss),
    heapTotal: mb(m.heapTotal),
    heapUsed: mb(m.heapUsed),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    spaces,
  };
  if (note) line.note = note;
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

if (file) setInterval(() => sample(), Number(process.env.MEMORY_PROBE_MS ?? 100)).unref();

process.on('SIGUSR2', () => {
  if (typeof globalThis.gc !== 'function') return;
  sample('before gc');
  globalThis.gc();
  sample('after gc');
});
