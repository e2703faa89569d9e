// What a string-based converter pays per GB before any CSV parsing: making field strings, then
// Number() on latitude and longitude and Date.parse on the timestamp. Backs the "parse from
// bytes" choice in src/domain/telematics/csv/decimal.ts and iso-timestamp.ts.
// Usage: node --import tsx bench/telematics/builtin-cost.ts <synthetic csv> (first 2M rows used)
import { readFileSync } from 'node:fs';

const bytes = readFileSync(process.argv[2] ?? '/tmp/roadrisk-bench/synthetic-fleet-time.csv');
const ROWS = 2_000_000;
const bounds: number[] = []; // per row: timestamp, latitude, longitude as [start, end) pairs
let p = bytes.indexOf(10) + 1;
for (let row = 0; row < ROWS && p < bytes.length; row++) {
  const c1 = bytes.indexOf(44, p);
  const c2 = bytes.indexOf(44, c1 + 1);
  const c3 = bytes.indexOf(44, c2 + 1);
  const c4 = bytes.indexOf(44, c3 + 1);
  bounds.push(c1 + 1, c2, c2 + 1, c3, c3 + 1, c4);
  p = bytes.indexOf(10, c4) + 1;
}
const covered = p;
// Parsers like udsv and papaparse decode a chunk once and cut fields out with substring.
const text = bytes.toString('latin1', 0, covered);
let sink = 0;

function secondsPerGb(label: string, work: () => void): void {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  console.log(`${label}: ${((best / 1000) * (1e9 / covered)).toFixed(2)} s per GB`);
}

secondsPerGb('3 substrings per row', () => {
  for (let i = 0; i < bounds.length; i += 6) {
    sink += text.substring(bounds[i], bounds[i + 1]).length + text.substring(bounds[i + 2], bounds[i + 3]).length;
    sink += text.substring(bounds[i + 4], bounds[i + 5]).length;
  }
});
secondsPerGb('2 substrings + Number() per row', () => {
  for (let i = 0; i < bounds.length; i += 6) {
    sink += +text.substring(bounds[i + 2], bounds[i + 3]) + +text.substring(bounds[i + 4], bounds[i + 5]);
  }
});
secondsPerGb('1 substring + Date.parse per row', () => {
  for (let i = 0; i < bounds.length; i += 6) sink += Date.parse(text.substring(bounds[i], bounds[i + 1]));
});
if (Number.isNaN(sink)) console.log('(unreachable: keeps the work observable)');
