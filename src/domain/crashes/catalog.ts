// What each crash source covers, and which (state, year) pairs lack data.
//
// decisions.md §9: a source's coverage is the (state, year) pairs it has records for, unless it
// is told otherwise (`--states`, `--years`). §6: `incomplete_coverage` is true when a state in
// the radius lacks loaded data for a year the range touches; `coverage` lists the states and
// years that contributed. shared/data/README.md: no source here is a complete census of a whole
// state, and the catalog must never present a partial source as complete. So the default
// catalog below claims, for the city and regional extracts, no whole-state coverage at all
// (`states: []`): their crashes are counted, but a state-year is "covered" only by FARS (fatal
// crashes, all 51 jurisdictions, 2013-2015).

import { join } from 'node:path';
import { US_STATES } from '../geo/us-states.ts';
import { yearOf, type CrashFormat, type CrashRecord, type Severity } from './record.ts';

export interface StateYear {
  state: string;
  year: number;
}

/** The spec's coverage entry (service-spec.md, "Coverage entry"). */
export interface CoverageEntry {
  usstate: string;
  years: number[];
}

export interface CrashSourceDefinition {
  name: string;
  format: CrashFormat;
  /** Absolute paths, or relative to the caller's working directory. */
  files: string[];
  /** Severities the source records; a crash of another severity is simply not in it. */
  severities: readonly Severity[];
  /** Where and when, in words, for the catalog and the docs. */
  area: string;
  /** Overrides of the coverage found from records (`--states`, `--years`); [] claims none. */
  states?: readonly string[];
  years?: readonly number[];
}

export interface SourceCoverage {
  name: string;
  severities: readonly Severity[];
  coverage: readonly StateYear[];
}

/** The distinct (state, year) pairs of some records, sorted. */
export function stateYearsOf(records: Iterable<Pick<CrashRecord, 'state' | 'date'>>): StateYear[] {
  const seen = new Map<string, StateYear>();
  for (const r of records) {
    const year = yearOf(r);
    seen.set(`${r.state}|${year}`, { state: r.state, year });
  }
  return sortStateYears([...seen.values()]);
}

/**
 * A source's coverage: the pairs it has records for; explicit states replace the states found,
 * explicit years the years found, and both together give every (state, year) combination.
 */
export function sourceCoverage(
  found: readonly StateYear[],
  override: { states?: readonly string[]; years?: readonly number[] } = {},
): StateYear[] {
  const { states, years } = override;
  if (states === undefined && years === undefined) return sortStateYears([...found]);
  const stateList = states ?? unique(found.map((p) => p.state));
  const yearList = years ?? unique(found.map((p) => p.year));
  return sortStateYears(stateList.flatMap((state) => yearList.map((year) => ({ state, year }))));
}

/**
 * The (state, year) pairs among states × years that lack data. With `severities` empty any
 * source covers a pair; otherwise each listed severity needs a source that records it there.
 */
export function coverageFor(
  sources: readonly SourceCoverage[],
  states: readonly string[],
  years: readonly number[],
  severities: readonly Severity[] = [],
): StateYear[] {
  const needs = severities.length > 0 ? severities : [null];
  const covered = new Set<string>();
  for (const need of needs) {
    for (const s of sources) {
      if (need !== null && !s.severities.includes(need)) continue;
      for (const p of s.coverage) covered.add(`${need}|${p.state}|${p.year}`);
    }
  }
  const missing: StateYear[] = [];
  for (const state of unique(states)) {
    for (const year of unique(years)) {
      if (needs.some((need) => !covered.has(`${need}|${state}|${year}`))) missing.push({ state, year });
    }
  }
  return sortStateYears(missing);
}

/** The response's `coverage` array for the records used: states A-Z, years ascending. */
export function coverageEntries(pairs: Iterable<StateYear>): CoverageEntry[] {
  const byState = new Map<string, Set<number>>();
  for (const { state, year } of pairs) {
    const years = byState.get(state) ?? new Set<number>();
    years.add(year);
    byState.set(state, years);
  }
  return [...byState.keys()]
    .sort()
    .map((usstate) => ({ usstate, years: [...byState.get(usstate)!].sort((a, b) => a - b) }));
}

/** The crash files of shared/data/crashes (see its README), under `sourceDataRoot`. */
export function defaultCrashSources(sourceDataRoot: string): CrashSourceDefinition[] {
  const at = (...parts: string[]) => join(sourceDataRoot, 'crashes', ...parts);
  const cityOnly = { states: [] as string[] };
  return [
    {
      name: 'fars',
      format: 'fars',
      files: [2013, 2014, 2015].map((y) => at('fars', `accident_${y}.csv.bz2`)),
      severities: ['fatal'],
      area: 'every fatal crash (a death within 30 days) in the 50 states and DC, 2013-2015',
      states: [...US_STATES],
      years: [2013, 2014, 2015],
    },
    {
      name: 'nyc',
      format: 'nyc',
      files: [at('nyc', 'Motor_Vehicle_Collisions_-_Crashes.csv')],
      severities: ['fatal', 'injury', 'property-damage'],
      area: 'New York City only, all police-reported crashes; complete 2016-07-28..2016-08-19, stray rows 2012-2020',
      ...cityOnly,
    },
    {
      name: 'switrs-oakland',
      format: 'switrs',
      files: [at('ca_switrs', 'oakland_2013_2014', 'Collisions.csv')],
      severities: ['fatal', 'serious-injury', 'injury'],
      area: 'Oakland, CA only, injury and fatal collisions, 2013-2014',
      ...cityOnly,
    },
    {
      name: 'switrs-sf',
      format: 'switrs',
      files: [at('ca_switrs', 'san_francisco_2018', 'Collisions.csv')],
      severities: ['fatal', 'serious-injury', 'injury'],
      area: 'San Francisco, CA only, injury and fatal collisions, 2018',
      ...cityOnly,
    },
    {
      name: 'indiana',
      format: 'indiana',
      files: [at('indiana', 'crashes.csv')],
      severities: ['fatal', 'serious-injury'],
      area: 'central Indiana (8 counties) only, suspected-serious-injury and fatal crashes, 2018-01-01..2026-04-30',
      ...cityOnly,
    },
  ];
}

function sortStateYears(pairs: StateYear[]): StateYear[] {
  return pairs.sort((a, b) => (a.state < b.state ? -1 : a.state > b.state ? 1 : a.year - b.year));
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
