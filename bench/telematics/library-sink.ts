// What the library contenders do with each parsed row, so they do the same job as the roadrisk
// converter: check it, turn it into numbers and epoch ms, group it by vehicle and write float64
// blocks to disk in the same layout. Synchronous writes keep the callback-style parsers simple;
// writing is well under 5% of their run time, so this does not change the comparison.
import { closeSync, openSync, writeSync } from 'node:fs';

const STAGE = 1 << 18;

export class LibrarySink {
  rows = 0;
  private readonly ids = new Map<string, number>();
  private readonly vehicle = new Uint32Array(STAGE);
  private readonly values = new Float64Array(STAGE * 3);
  private readonly sorted = new Float64Array(STAGE * 3);
  private count = 0;
  private readonly fd: number;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  /** One data row as strings; throws like the converter would on a bad value. */
  row(vehicleId: string, timestamp: string, latitude: string, longitude: string): void {
    const lat = +latitude; // the idiomatic conversion; Number() is the same
    const lon = +longitude;
    const ms = Date.parse(timestamp);
    if (latitude.trim() === '' || !(lat >= -90 && lat <= 90)) throw new Error(`bad latitude ${latitude}`);
    if (longitude.trim() === '' || !(lon >= -180 && lon <= 180)) throw new Error(`bad longitude ${longitude}`);
    if (Number.isNaN(ms)) throw new Error(`bad timestamp ${timestamp}`);
    const id = vehicleId === '' ? 'vehicle_1' : vehicleId;
    let v = this.ids.get(id);
    if (v === undefined) this.ids.set(id, (v = this.ids.size));
    const at = this.count++;
    this.vehicle[at] = v;
    this.values[at * 3] = lat;
    this.values[at * 3 + 1] = lon;
    this.values[at * 3 + 2] = ms;
    this.rows++;
    if (this.count === STAGE) this.flush();
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  private flush(): void {
    const counts = new Uint32Array(this.ids.size);
    for (let i = 0; i < this.count; i++) counts[this.vehicle[i]]++;
    const starts = new Uint32Array(this.ids.size);
    for (let v = 0, at = 0; v < counts.length; at += counts[v] * 3, v++) starts[v] = at;
    for (let i = 0; i < this.count; i++) {
      const v = this.vehicle[i];
      const at = starts[v]++;
      this.sorted[at] = this.values[i * 3];
      this.sorted[at + counts[v]] = this.values[i * 3 + 1];
      this.sorted[at + 2 * counts[v]] = this.values[i * 3 + 2];
    }
    writeSync(this.fd, new Uint8Array(this.sorted.buffer, 0, this.count * 24));
    this.count = 0;
  }
}
