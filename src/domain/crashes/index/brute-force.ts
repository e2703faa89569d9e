// The reference the index must equal: every crash, haversine distance, inclusive day range.
import { haversineKm } from '../../geo/distance.ts';
import type { CrashColumns, CrashTotals } from './types.ts';

export function bruteForceQuery(
  columns: CrashColumns, latitude: number, longitude: number, radiusKm: number,
  fromDay: number, toDay: number,
): CrashTotals {
  const totals = { crashes: 0, injuries: 0, fatalities: 0 };
  for (let i = 0; i < columns.latitude.length; i++) {
    const day = columns.day[i];
    if (day < fromDay || day > toDay) continue;
    if (haversineKm(latitude, longitude, columns.latitude[i], columns.longitude[i]) > radiusKm) continue;
    totals.crashes++;
    totals.injuries += columns.injuries[i];
    totals.fatalities += columns.fatalities[i];
  }
  return totals;
}
