// Writes a SYNTHETIC telematics CSV (us-fleet.ts: seeded, not real driving) of about --bytes bytes,
// rows interleaved by time as a fleet feed is: `vehicle_id,timestamp,latitude,longitude` (about 52
// bytes a row, so ~19M points per GB: the "1 GB, about 20 million points").
// Usage: node --import tsx bench/telematics/end-to-end/generate.ts --out /tmp/x/fleet.csv
//          [--bytes 1000000000] [--rows N] [--vehicles 200] [--seed 7]
// --rows stops at exactly N points (whichever of --bytes and --rows comes first).
// Prints one JSON line: bytes, rows, vehicles, span, and the share of a sample of points that lies
// inside a US state polygon (no coastal tolerance).
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { stateLocator } from '../../../src/domain/geo/states.ts';
import { makeUsFleet } from './us-fleet.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    bytes: { type: 'string', default: '1000000000' },
    vehicles: { type: 'string', default: '200' },
    seed: { type: 'string', default: '7' },
    rows: { type: 'string' },
  },
});
if (values.out === undefined) throw new Error('--out is required');
const targetBytes = Number(values.bytes);
const maxRows = values.rows === undefined ? Infinity : Number(values.rows);
const START_MS = Date.UTC(2024, 2, 4); // a Monday, 00:00 UTC
const SAMPLE_EVERY = 101;

const fleet = makeUsFleet(Number(values.vehicles), Number(values.seed));
const states = stateLocator();
mkdirSync(dirname(values.out), { recursive: true });
const fd = openSync(values.out, 'w');
let pending = 'vehicle_id,timestamp,latitude,longitude\n';
let written = 0;
let rows = 0;
let sampled = 0;
let sampledOnLand = 0;
let second = 0;
const seen = new Set<string>();

for (; written + pending.length < targetBytes && rows < maxRows; second++) {
  const stamp = new Date(START_MS + second * 1000).toISOString().slice(0, 19) + 'Z';
  for (const vehicle of fleet) {
    if (rows >= maxRows) break;
    const point = vehicle.step(second);
    if (point === null) continue;
    pending += `${vehicle.id},${stamp},${point}\n`;
    seen.add(vehicle.id);
    if (++rows % SAMPLE_EVERY === 0) {
      const comma = point.indexOf(',');
      sampled++;
      if (states.containingState(Number(point.slice(0, comma)), Number(point.slice(comma + 1))) !== null) sampledOnLand++;
    }
  }
  if (pending.length >= 1 << 22) {
    written += writeSync(fd, pending);
    pending = '';
  }
}
written += writeSync(fd, pending);
closeSync(fd);
console.log(
  JSON.stringify({
    file: values.out,
    bytes: written,
    rows,
    vehicles: seen.size,
    days: Math.round((second / 86400) * 10) / 10,
    sampledOnUsLand: Math.round((sampledOnLand / sampled) * 10000) / 10000,
    synthetic: true,
  }),
);
