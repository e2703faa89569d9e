// The state lookup against the state NHTSA recorded for every located 2015 fatal crash.
// shared/data/README.md: 99.84% of them fall inside the us-atlas polygon of their state; the
// rest are on the coast or a border sliver. With the coastal tolerance we require >= 99.8%
// (measured 99.91%: docs/geo.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stateLocator } from '../../../src/domain/geo/states.ts';
import { stateByFips } from '../../../src/domain/geo/us-states.ts';
import { SOURCE_DATA } from './source-data.ts';

const FARS_2015 = resolve(SOURCE_DATA, 'crashes/fars/accident_2015.csv.bz2');

async function decompress(path: string): Promise<string> {
  const bunzip = createRequire(import.meta.url)('unbzip2-stream') as () => NodeJS.ReadWriteStream;
  const chunks: Buffer[] = [];
  await new Promise<void>((done, fail) => {
    const stream = createReadStream(path).on('error', fail).pipe(bunzip());
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => done());
    stream.on('error', fail);
  });
  return Buffer.concat(chunks).toString('latin1');
}

/** FARS codes unknown coordinates as 77.7777 / 88.8888 / 99.9999 (and 777.7777 ... for longitude). */
function hasCoordinates(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) &&
    ![77.7777, 88.8888, 99.9999].includes(lat) && ![777.7777, 888.8888, 999.9999].includes(lon);
}

test('FARS 2015: at least 99.8% of located crashes get the state NHTSA recorded', async () => {
  const rows = parse(await decompress(FARS_2015), { columns: true }) as Array<Record<string, string>>;
  assert.equal(rows.length, 32_166); // shared/data/README.md
  const locator = stateLocator();
  let located = 0;
  let agree = 0;
  for (const row of rows) {
    const lat = Number(row.LATITUDE);
    const lon = Number(row.LONGITUD);
    if (!hasCoordinates(lat, lon)) continue;
    located++;
    if (locator.stateOf(lat, lon) === stateByFips(row.STATE)) agree++;
  }
  assert.ok(located > 31_000, `${located} located rows`);
  const share = agree / located;
  assert.ok(share >= 0.998, `agreement ${(100 * share).toFixed(3)}% of ${located}`);
});
