// Compute time of one 50-vehicle garaging request (the target: p99 under 2 ms), GPS points
// only (geocoding is the geo module's cost), model v2 with body types and a NAICS code.
// node --import tsx bench/garaging-backtest/compute-timing.ts
import { resolve } from 'node:path';
import { createGaragingScorer, type GaragingRequestBody } from '../../src/domain/garaging/garaging-scorer.ts';
import { loadGaragingInputs } from '../../src/domain/garaging/loader.ts';
import { loadBlockGroupCentres } from '../../src/domain/garaging/population-loader.ts';
import { createStateLocator } from '../../src/domain/geo/states.ts';
import { NaicsCatalog } from '../../src/domain/naics.ts';
import { VEHICLE_TYPES } from '../../src/domain/vocabulary.ts';
import { backtestSample } from './backtest.ts';

const SOURCE_DATA = resolve(process.env.ROADRISK_SOURCE_DATA ?? '../shared/data');
const REQUESTS = Number(process.env.REQUESTS ?? 2000), WARMUP = 200, VEHICLES = 50;

let t = performance.now();
const inputs = await loadGaragingInputs(SOURCE_DATA);
const loadSeconds = (performance.now() - t) / 1000;
// No location cache: this times the scoring itself (the warm-up requests come round again, and
// the sample repeats dense block groups; a cache would answer those from memory).
const scorer = createGaragingScorer({
  inputs, states: createStateLocator(), naics: NaicsCatalog.load(SOURCE_DATA), now: () => new Date('2026-01-01T00:00:00Z'), locationCacheEntries: 0,
});
t = performance.now();
scorer.warm();
const warmSeconds = (performance.now() - t) / 1000;

// Points where people live (a PPS sample), 50 different ones per request.
const { points } = backtestSample(loadBlockGroupCentres(SOURCE_DATA), REQUESTS * VEHICLES);
const requests: GaragingRequestBody[] = [];
for (let r = 0; r < REQUESTS; r++) {
  const vehicles = [];
  for (let v = 0; v < VEHICLES; v++) {
    const i = (r * VEHICLES + v * 7919) % points.latitude.length;
    vehicles.push({ vehicle_id: `v${v}`, garaging_location: { latitude: points.latitude[i], longitude: points.longitude[i] }, body_type: VEHICLE_TYPES[v % VEHICLE_TYPES.length] });
  }
  requests.push({ policy_holder_id: `p${r}`, naics_code: '484110', vehicles });
}
// Wall time, and the process's CPU time (user + system, all threads: includes GC helper threads)
// which is less sensitive to other processes sharing the cores.
const times: number[] = [], cpu: number[] = [];
for (let r = 0; r < REQUESTS + WARMUP; r++) {
  const startCpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  scorer.scoreSync('ca', requests[r % REQUESTS]);
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(startCpu);
  if (r >= WARMUP) {
    times.push(wall);
    cpu.push((used.user + used.system) / 1000);
  }
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const at = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(3);
const q = (p: number) => `${at(times, p)} ms wall, ${at(cpu, p)} ms CPU`;
console.log(`| load inputs (FARS bz2 + city files + census + reference) | ${loadSeconds.toFixed(1)} s |`);
console.log(`| build the current window model | ${warmSeconds.toFixed(2)} s |`);
console.log(`| 50-vehicle request, median | ${q(0.5)} |`);
console.log(`| 50-vehicle request, p90 | ${q(0.9)} |`);
console.log(`| 50-vehicle request, p99 | ${q(0.99)} |`);
console.log(`| 50-vehicle request, max | ${times[times.length - 1].toFixed(3)} ms wall |`);
console.log(`| requests timed | ${REQUESTS} (after ${WARMUP} warm-up) |`);
