// Writes a SYNTHETIC telematics CSV (see synthetic-fleet.ts) of about --bytes bytes.
// Usage: node --import tsx bench/telematics/generate-csv.ts --out /tmp/roadrisk-bench/x.csv
//          [--bytes 1000000000] [--vehicles 200] [--seed 42] [--order time|vehicle]
// `time` interleaves vehicles second by second, as a fleet feed sorted by time does (the harder
// case for the converter's vehicle lookup); `vehicle` writes each vehicle's points together.
import { mkdirSync, openSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { makeFleet, type SyntheticVehicle } from './synthetic-fleet.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    bytes: { type: 'string', default: '1000000000' },
    vehicles: { type: 'string', default: '200' },
    seed: { type: 'string', default: '42' },
    order: { type: 'string', default: 'time' },
  },
});
if (values.out === undefined) throw new Error('--out is required');
const targetBytes = Number(values.bytes);
const fleet = makeFleet({ vehicles: Number(values.vehicles), seed: Number(values.seed), startMs: Date.UTC(2024, 2, 1) });
const startMs = Date.UTC(2024, 2, 1);

mkdirSync(dirname(values.out), { recursive: true });
const fd = openSync(values.out, 'w');
let pending = 'vehicle_id,timestamp,latitude,longitude,speed,heading\n';
let written = 0;
let rows = 0;
const flush = (force: boolean): void => {
  if (!force && pending.length < 1 << 22) return;
  written += writeSync(fd, pending);
  pending = '';
};
const stamp = (second: number): string => new Date(startMs + second * 1000).toISOString().slice(0, 19) + 'Z';
const full = (): boolean => written + pending.length >= targetBytes;

function byTime(): void {
  for (let second = 0; !full(); second++) {
    const time = stamp(second);
    for (const vehicle of fleet) {
      const tail = vehicle.step();
      if (tail === null) continue;
      pending += `${vehicle.id},${time},${tail}\n`;
      rows++;
    }
    flush(false);
  }
}

function byVehicle(vehicle: SyntheticVehicle, budget: number): void {
  for (let second = 0; written + pending.length < budget; second++) {
    const tail = vehicle.step();
    if (tail === null) continue;
    pending += `${vehicle.id},${stamp(second)},${tail}\n`;
    rows++;
    flush(false);
  }
}

if (values.order === 'vehicle') fleet.forEach((v, i) => byVehicle(v, (targetBytes * (i + 1)) / fleet.length));
else byTime();
flush(true);
closeSync(fd);
console.log(JSON.stringify({ file: values.out, bytes: written, rows, vehicles: fleet.length, order: values.order, synthetic: true }));
