// Picks the index's leaf size and day-list spacing: builds the index on the bench's synthetic
// crashes with each setting and prints bytes per crash, build time and the worst median (and
// worst p99 on CPU) over the bench's cases. The defaults in src/domain/crashes/index/build.ts
// come from its output (bench/crash-aggregate/RESULTS.md).
//   node --import tsx bench/crash-aggregate/tune.ts [--crashes N] [--settings leaf/listMin/step,...]
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CrashIndex } from '../../src/domain/crashes/index/crash-index.ts';
import { CASES } from './cases.ts';
import { loadAverage, percentile, timeCalls } from './measure.ts';
import { syntheticCrashes } from './synthetic.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const crashes = Number(option('--crashes') ?? 10_000_000);
const settings = (option('--settings') ?? '24/600/3,16/600/3,32/600/3,24/300/3,24/1000/3,24/600/2')
  .split(',').map((s) => s.split('/').map(Number)).map(([leafSize, listMinSize, listLevelStep]) => ({ leafSize, listMinSize, listLevelStep }));

console.log(`# ${crashes.toLocaleString('en-US')} synthetic crashes; load average at start ${loadAverage()}`);
const columns = syntheticCrashes(join(here, '../../../shared/data/census/CenPop_block_group2020.csv'), crashes);
console.log('| leaf / list min / level step | bytes per crash | build s | worst median µs | worst case | worst p99 on CPU µs |');
console.log('|---|---:|---:|---:|---|---:|');
for (const s of settings) {
  const start = performance.now();
  const index = CrashIndex.build(columns, s);
  const buildSeconds = (performance.now() - start) / 1000;
  let worst = 0, worstCase = '', worstP99 = 0;
  for (const c of CASES) {
    const times = timeCalls(() => index.query(c.lat, c.lon, c.radiusKm, c.from, c.to), 300, 30);
    const median = percentile(times.all, 50) * 1000;
    if (median > worst) [worst, worstCase] = [median, `${c.place} ${c.radiusKm} km ${c.range}`];
    if (times.uninterrupted.length > 0) worstP99 = Math.max(worstP99, percentile(times.uninterrupted, 99) * 1000);
  }
  console.log(`| ${s.leafSize} / ${s.listMinSize} / ${s.listLevelStep} | ${(index.byteLength / crashes).toFixed(1)} | ${buildSeconds.toFixed(1)} | ${worst.toFixed(0)} | ${worstCase} | ${worstP99.toFixed(0)} |`);
}
console.log(`# load average at end ${loadAverage()}`);
