// Splits an address (free text or the structured form of decisions.md §5) into the parts the
// offline geocoder can use: ZIP (+4), state, and candidate city/county names. Street lines are
// kept only to be ignored: there is no street-level data (geocode.ts).
//
// Free text is read from the end, the way US addresses are written ("<street>, <city>, <ST> <ZIP>"):
// a trailing country name is dropped, a trailing ZIP or ZIP+4 taken, then a state code or name
// closing the last comma part, then the city. Without a comma between city and state
// ("1 Main St Oakland CA") the city is not delimited, so every word-suffix of the remainder is
// a candidate, longest first ("South San Francisco" before "San Francisco").

import { parseUsState, type UsState } from './us-states.ts';

export interface ParsedAddress {
  zip?: string;
  zip4?: string;
  /** A recognised state; `stateText` keeps what was given when it was not recognised. */
  state?: UsState;
  stateText?: string;
  /** City or county names to try, most specific first. */
  cityCandidates: string[];
}

const COUNTRY_SUFFIX = /[,\s]*\b(u\.?s\.?a\.?|u\.?s\.?|united states(?: of america)?)\s*$/i;
const ZIP_SUFFIX = /(?:^|[\s,])(\d{5})(?:-(\d{4}))?\s*$/;
const ZIP_ONLY = /^(\d{5})(?:-?(\d{4}))?$/;
const MAX_STATE_WORDS = 4; // "District of Columbia"
const MAX_CITY_WORDS = 6;

export interface StructuredAddress {
  street?: string;
  city?: string;
  state?: string;
  postal_code?: string;
}

export function parseStructuredAddress(a: StructuredAddress): ParsedAddress {
  const parsed: ParsedAddress = { cityCandidates: [] };
  const zip = ZIP_ONLY.exec((a.postal_code ?? '').trim());
  if (zip) { parsed.zip = zip[1]; if (zip[2]) parsed.zip4 = zip[2]; }
  const stateText = (a.state ?? '').trim();
  if (stateText) {
    const state = parseUsState(stateText);
    if (state) parsed.state = state;
    else parsed.stateText = stateText;
  }
  const city = (a.city ?? '').trim().replace(/\s+/g, ' ');
  if (city) parsed.cityCandidates.push(city);
  return parsed;
}

export function parseFreeTextAddress(text: string): ParsedAddress {
  const parsed: ParsedAddress = { cityCandidates: [] };
  let rest = text.trim().replace(/\s+/g, ' ').replace(COUNTRY_SUFFIX, '');
  const zip = ZIP_SUFFIX.exec(rest);
  if (zip) {
    parsed.zip = zip[1];
    if (zip[2]) parsed.zip4 = zip[2];
    rest = rest.slice(0, zip.index);
  }
  const parts = rest.split(',').map((p) => p.trim()).filter((p) => p.length > 0);
  if (parts.length === 0) return parsed;
  const last = parts[parts.length - 1].split(' ');
  for (let n = Math.min(MAX_STATE_WORDS, last.length); n >= 1; n--) {
    const state = parseUsState(last.slice(-n).join(' '));
    if (state) { parsed.state = state; last.splice(-n, n); break; }
  }
  const cityText = last.length > 0 ? last.join(' ') : parsed.state ? parts[parts.length - 2] : undefined;
  if (cityText) parsed.cityCandidates = wordSuffixes(cityText);
  return parsed;
}

function wordSuffixes(text: string): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  for (let n = Math.min(MAX_CITY_WORDS, words.length); n >= 1; n--) out.push(words.slice(-n).join(' '));
  return out;
}
