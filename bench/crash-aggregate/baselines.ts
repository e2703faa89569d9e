// What a developer would write without a purpose-built index: a plain typed-array scan with a
// bounding-box prefilter, and kdbush (a static 2-D k-d tree) range search plus exact filtering.
// Both use the same haversineKm test as the index, so their counts must agree exactly.
import KDBush from 'kdbush';
import { boundingBox, haversineKm } from '../../src/domain/geo/distance.ts';
import type { CrashColumns, CrashTotals } from '../../src/domain/crashes/index/crash-index.ts';

const PAD = 1e-9; // degrees: keeps the box prefilter conservative against rounding

export function scanQuery(c: CrashColumns, lat: number, lon: number, radiusKm: number, from: number, to: number): CrashTotals {
  const box = boundingBox(lat, lon, radiusKm);
  const minLat = box.minLat - PAD, maxLat = box.maxLat + PAD, minLon = box.minLon - PAD, maxLon = box.maxLon + PAD;
  const totals = { crashes: 0, injuries: 0, fatalities: 0 };
  for (let i = 0; i < c.day.length; i++) {
    const d = c.day[i];
    if (d < from || d > to) continue;
    const la = c.latitude[i], lo = c.longitude[i];
    if (la < minLat || la > maxLat || lo < minLon || lo > maxLon) continue;
    if (haversineKm(lat, lon, la, lo) > radiusKm) continue;
    totals.crashes++;
    totals.injuries += c.injuries[i];
    totals.fatalities += c.fatalities[i];
  }
  return totals;
}

export function buildKdbush(c: CrashColumns): KDBush {
  const index = new KDBush(c.latitude.length, 64, Float64Array);
  for (let i = 0; i < c.latitude.length; i++) index.add(c.longitude[i], c.latitude[i]);
  index.finish();
  return index;
}

export function kdbushQuery(index: KDBush, c: CrashColumns, lat: number, lon: number, radiusKm: number, from: number, to: number): CrashTotals {
  const box = boundingBox(lat, lon, radiusKm);
  const ids = index.range(box.minLon - PAD, box.minLat - PAD, box.maxLon + PAD, box.maxLat + PAD);
  const totals = { crashes: 0, injuries: 0, fatalities: 0 };
  for (const i of ids) {
    const d = c.day[i];
    if (d < from || d > to) continue;
    if (haversineKm(lat, lon, c.latitude[i], c.longitude[i]) > radiusKm) continue;
    totals.crashes++;
    totals.injuries += c.injuries[i];
    totals.fatalities += c.fatalities[i];
  }
  return totals;
}
