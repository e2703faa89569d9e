import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { haversineKm } from '../../../src/domain/geo/distance.ts';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BLOCK_GROUP_FILE, loadBlockGroupCentres, parseBlockGroupCentres } from '../../../src/domain/garaging/population-loader.ts';
import { PopulationIndex, URBANICITY_THRESHOLDS, urbanicityOf } from '../../../src/domain/garaging/population.ts';
import { URBANICITIES } from '../../../src/domain/vocabulary.ts';

test('the loader reads the Census columns and leaves Puerto Rico out', () => {
  const text = [
    '"STATEFP","COUNTYFP","TRACTCE","BLKGRPCE","POPULATION","LATITUDE","LONGITUDE"',
    '"01","001","020100","1",575,32.464466,-86.486302',
    '"72","001","956300","1",1200,18.180103,-66.749472',
    '"06","001","400100","1",3000,37.867,-122.231',
    '',
  ].join('\n');
  const c = parseBlockGroupCentres(text);
  assert.deepEqual([...c.population], [575, 3000]);
  assert.deepEqual([...c.stateFips], [1, 6]);
  assert.equal(c.latitude[1], 37.867);
});

test('the streaming file loader reads what the whole-text parser reads (real Census file, and CRLF over chunk boundaries)', () => {
  const real = resolve(process.env.ROADRISK_SOURCE_DATA ?? '../shared/data');
  const whole = parseBlockGroupCentres(readFileSync(join(real, BLOCK_GROUP_FILE), 'utf8'));
  const streamed = loadBlockGroupCentres(real);
  assert.ok(whole.population.length > 200_000);
  assert.deepEqual(streamed, whole);

  const dir = mkdtempSync(join(tmpdir(), 'roadrisk-census-'));
  try {
    const lines = ['"STATEFP","COUNTYFP","TRACTCE","BLKGRPCE","POPULATION","LATITUDE","LONGITUDE"'];
    // ~2.5 MB of CRLF lines, more than two read chunks, and a last line without a line end.
    for (let i = 0; i < 40_000; i++) lines.push(`"${i % 3 === 0 ? '72' : '06'}","001","400100","1",${i},${(30 + i / 1e4).toFixed(6)},-${(100 + i / 1e4).toFixed(6)}`);
    const text = lines.join('\r\n');
    mkdirSync(join(dir, 'census'));
    writeFileSync(join(dir, BLOCK_GROUP_FILE), text);
    const c = loadBlockGroupCentres(dir);
    assert.deepEqual(c, parseBlockGroupCentres(text));
    assert.equal(c.population.length, 40_000 - Math.ceil(40_000 / 3));
    assert.equal(c.population[c.population.length - 1], 39_998);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('urbanicity thresholds are lower bounds of the 10 classes, sparsest first', () => {
  assert.equal(urbanicityOf(0), 'sparse-rural');
  URBANICITY_THRESHOLDS.forEach((t, k) => {
    assert.equal(urbanicityOf(t), URBANICITIES[k + 1]);
    assert.equal(urbanicityOf(t - 1e-9), URBANICITIES[k]);
  });
  assert.equal(urbanicityOf(1e6), 'very-dense-urban');
});

// SYNTHETIC random centres: the index must equal a full scan.
test('population within a radius equals a brute-force scan', () => {
  const centre = fc.record({ lat: fc.double({ min: 25, max: 48, noNaN: true }), lon: fc.double({ min: -124, max: -68, noNaN: true }) });
  fc.assert(
    fc.property(
      centre,
      fc.array(fc.record({ dlat: fc.double({ min: -0.5, max: 0.5, noNaN: true }), dlon: fc.double({ min: -0.6, max: 0.6, noNaN: true }), pop: fc.integer({ min: 0, max: 3000 }) }), { minLength: 1, maxLength: 200 }),
      fc.constantFrom(2, 5, 10, 20, 40),
      (c, offsets, r) => {
        const lat = offsets.map((o) => c.lat + o.dlat), lon = offsets.map((o) => c.lon + o.dlon);
        const index = PopulationIndex.fromCentres({
          latitude: Float64Array.from(lat), longitude: Float64Array.from(lon),
          population: Float64Array.from(offsets, (o) => o.pop), stateFips: new Uint8Array(offsets.length),
        });
        let people = 0, centres = 0;
        offsets.forEach((o, i) => {
          if (haversineKm(c.lat, c.lon, lat[i], lon[i]) <= r) {
            people += o.pop;
            centres++;
          }
        });
        assert.deepEqual(index.populationWithin(c.lat, c.lon, r), { people, centres });
      },
    ),
  );
});

test('density widens its radius until the disc holds five centres', () => {
  // one centre of 1,000 people at 3 km, four more at 7 km: 2 km holds none, 5 km one, 10 km five
  const lat0 = 40, lon0 = -100, km = 1 / 111.195;
  const points = [[3, 1000], [7, 500], [-7, 500], [7, 500], [-7, 500]];
  const index = PopulationIndex.fromCentres({
    latitude: Float64Array.from(points, ([d], i) => lat0 + (i < 3 ? d * km : 0)),
    longitude: Float64Array.from(points, ([d], i) => lon0 + (i >= 3 ? (d * km) / Math.cos((lat0 * Math.PI) / 180) : 0)),
    population: Float64Array.from(points, ([, p]) => p),
    stateFips: new Uint8Array(points.length),
  });
  const d = index.densityDetail(lat0, lon0);
  assert.equal(d.radiusKm, 10);
  assert.equal(d.centres, 5);
  assert.ok(Math.abs(d.density - 3000 / (Math.PI * 100)) < 1e-9);
});
