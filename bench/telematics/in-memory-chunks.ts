// Does the converter itself care about chunk size? Feeds a CSV held in memory in 64 KiB and
// 1 MiB chunks (no file stream involved) and prints the best MB per CPU second of 4 rounds.
// Usage: node --import tsx bench/telematics/in-memory-chunks.ts <synthetic csv, ~200 MB>
import { readFileSync, rmSync } from 'node:fs';
import { convertTelematicsCsv } from '../../src/domain/telematics/csv/index.ts';

const file = readFileSync(process.argv[2] ?? '/tmp/roadrisk-bench/synthetic-fleet-time.csv');
const scratch = '/tmp/roadrisk-bench-in-memory';

async function* chunks(size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < file.length; i += size) yield file.subarray(i, i + size);
}

const best = new Map<number, number>();
for (let round = 0; round < 4; round++) {
  for (const size of [64 * 1024, 1 << 20]) {
    rmSync(scratch, { recursive: true, force: true });
    const before = process.cpuUsage();
    await convertTelematicsCsv(chunks(size), scratch);
    const used = process.cpuUsage(before);
    best.set(size, Math.max(best.get(size) ?? 0, file.length / 1e6 / ((used.user + used.system) / 1e6)));
  }
}
rmSync(scratch, { recursive: true, force: true });
for (const [size, rate] of best) console.log(`${size / 1024} KiB chunks: ${rate.toFixed(0)} MB per CPU s`);
