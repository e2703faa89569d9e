// Child process of csv-bench.ts: runs one contender once on one file and prints one JSON line.
// Usage: node --import tsx bench/telematics/csv-run-one.ts <contender> <file> <scratch dir> [chunk bytes]
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { CONTENDERS } from './csv-contenders.ts';

const [name, file, scratch, chunkText = String(1 << 20)] = process.argv.slice(2);
const chunkBytes = Number(chunkText);
const contender = CONTENDERS[name];
if (contender === undefined) throw new Error(`unknown contender ${name}`);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { rows } = await contender(file, scratch, chunkBytes);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
rmSync(scratch, { recursive: true, force: true });
console.log(
  JSON.stringify({
    contender: name,
    chunkBytes,
    bytes: statSync(file).size,
    rows,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    maxRssMB: process.resourceUsage().maxRSS / 1024, // KiB on Linux
  }),
);
