// Is a point in Canada or Mexico? Used to keep the coastal tolerance of the state lookup from
// reaching across a land border (decisions.md §5: a point in Canada or Mexico is in no state).
//
// us-atlas has no foreign outlines; tz-lookup (timezone-boundary-builder zones, which include
// territorial waters) does, to within a few km: a point whose zone is a Canadian or Mexican zone
// is taken to be in that country. Only consulted for points already outside every state polygon.

import { createRequire } from 'node:module';

// IANA zones of CA and MX (tzdata zone.tab), plus older names tz-lookup 6.1 (2019 data) returns.
const CANADA_MEXICO_ZONES = new Set([
  'America/St_Johns', 'America/Halifax', 'America/Glace_Bay', 'America/Moncton',
  'America/Goose_Bay', 'America/Blanc-Sablon', 'America/Toronto', 'America/Iqaluit',
  'America/Atikokan', 'America/Winnipeg', 'America/Resolute', 'America/Rankin_Inlet',
  'America/Regina', 'America/Swift_Current', 'America/Edmonton', 'America/Cambridge_Bay',
  'America/Inuvik', 'America/Creston', 'America/Dawson_Creek', 'America/Fort_Nelson',
  'America/Whitehorse', 'America/Dawson', 'America/Vancouver', 'America/Montreal',
  'America/Thunder_Bay', 'America/Nipigon', 'America/Rainy_River', 'America/Pangnirtung',
  'America/Yellowknife',
  'America/Mexico_City', 'America/Cancun', 'America/Merida', 'America/Monterrey',
  'America/Matamoros', 'America/Chihuahua', 'America/Ciudad_Juarez', 'America/Ojinaga',
  'America/Mazatlan', 'America/Bahia_Banderas', 'America/Hermosillo', 'America/Tijuana',
]);

type TzLookup = (lat: number, lon: number) => string;
let tzLookup: TzLookup | undefined;

/** tz-lookup, loaded on first use (CommonJS, no type declarations). */
export function rawTimeZoneLookup(): TzLookup {
  tzLookup ??= createRequire(import.meta.url)('tz-lookup') as TzLookup;
  return tzLookup;
}

export function isCanadaOrMexicoZone(zone: string): boolean {
  return CANADA_MEXICO_ZONES.has(zone);
}

export function inCanadaOrMexico(lat: number, lon: number): boolean {
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) return false;
  return CANADA_MEXICO_ZONES.has(rawTimeZoneLookup()(lat, lon));
}
