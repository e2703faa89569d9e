// Reads the Census block-group centres of population (the only file access of the population
// model). Puerto Rico (STATEFP 72) is left out: it is not a USState of the spec, garaging points
// cannot lie there, and the score's reference is "where Americans in the 50 states and DC live".
//
// The file is a fixed, simple CSV (quoted codes, bare numbers, no embedded commas; see
// shared/data/README.md), so it is split by hand: about 4x faster than csv-parse on its 242,335
// rows, which matters at server start.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { BlockGroupCentres } from './population.ts';

export const BLOCK_GROUP_FILE = join('census', 'CenPop_block_group2020.csv');
const EXCLUDED_STATE_FIPS = new Set(['72']);
/** Bytes read at a time: the 12 MB file is never held whole, as one string or as its lines. */
const CHUNK_BYTES = 1 << 20;

/** Reads the file line by line in 1 MB chunks (synchronously: it runs once, while the models are built). */
export function loadBlockGroupCentres(sourceDataDir: string): BlockGroupCentres {
  const parser = new BlockGroupParser();
  const fd = openSync(join(sourceDataDir, BLOCK_GROUP_FILE), 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let rest = '';
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      // latin1 keeps one character per byte, so a chunk boundary never splits a character (the
      // file is ASCII; a stray byte above 127 could only be in a name column, which is not read).
      const text = rest + buffer.toString('latin1', 0, read);
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        parser.line(text.slice(start, nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl));
        start = nl + 1;
      }
      rest = text.slice(start);
    }
    if (rest !== '') parser.line(rest.endsWith('\r') ? rest.slice(0, -1) : rest);
  } finally {
    closeSync(fd);
  }
  return parser.finish();
}

export function parseBlockGroupCentres(text: string): BlockGroupCentres {
  const parser = new BlockGroupParser();
  for (const line of text.split(/\r?\n/)) parser.line(line);
  return parser.finish();
}

/** The file's rows into growing typed columns, one line at a time (the first line is the header). */
class BlockGroupParser {
  private lineNumber = 0;
  private columns: [number, number, number, number] | null = null;
  private n = 0;
  private lat = new Float64Array(1 << 18);
  private lon = new Float64Array(1 << 18);
  private pop = new Float64Array(1 << 18);
  private fips = new Uint8Array(1 << 18);

  line(line: string): void {
    this.lineNumber++;
    if (this.columns === null) {
      const header = line.split(',').map((h) => h.replace(/"/g, '').trim());
      const col = (name: string) => {
        const i = header.indexOf(name);
        if (i < 0) throw new Error(`${BLOCK_GROUP_FILE}: no ${name} column`);
        return i;
      };
      this.columns = [col('STATEFP'), col('POPULATION'), col('LATITUDE'), col('LONGITUDE')];
      return;
    }
    if (line === '') return;
    const [iState, iPop, iLat, iLon] = this.columns;
    const f = line.split(',');
    const state = f[iState].replace(/"/g, '');
    if (EXCLUDED_STATE_FIPS.has(state)) return;
    const la = Number(f[iLat]), lo = Number(f[iLon]), p = Number(f[iPop]);
    if (!Number.isFinite(la) || !Number.isFinite(lo) || !(p >= 0)) {
      throw new Error(`${BLOCK_GROUP_FILE} line ${this.lineNumber}: bad value`);
    }
    if (this.n === this.lat.length) this.grow();
    const i = this.n++;
    this.lat[i] = la;
    this.lon[i] = lo;
    this.pop[i] = p;
    this.fips[i] = Number(state);
  }

  finish(): BlockGroupCentres {
    if (this.columns === null) throw new Error(`${BLOCK_GROUP_FILE}: empty file`);
    const n = this.n;
    return {
      latitude: this.lat.slice(0, n),
      longitude: this.lon.slice(0, n),
      population: this.pop.slice(0, n),
      stateFips: this.fips.slice(0, n),
    };
  }

  private grow(): void {
    const c = this.lat.length * 2;
    const lat = new Float64Array(c), lon = new Float64Array(c), pop = new Float64Array(c), fips = new Uint8Array(c);
    lat.set(this.lat);
    lon.set(this.lon);
    pop.set(this.pop);
    fips.set(this.fips);
    [this.lat, this.lon, this.pop, this.fips] = [lat, lon, pop, fips];
  }
}
