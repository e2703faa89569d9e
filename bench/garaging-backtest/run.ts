// Garaging backtest (see README.md): node --import tsx bench/garaging-backtest/run.ts [--no-tuning]
// Prints Markdown tables for RESULTS.md.
import { resolve } from 'node:path';
import { defaultCrashSources } from '../../src/domain/crashes/catalog.ts';
import type { CrashRecord } from '../../src/domain/crashes/record.ts';
import { buildGaragingInputs } from '../../src/domain/garaging/build-inputs.ts';
import { DEFAULT_KERNEL, type KernelParams } from '../../src/domain/garaging/crash-intensity.ts';
import type { GaragingInputs } from '../../src/domain/garaging/inputs.ts';
import { isNationalSource, readSourceRecords } from '../../src/domain/garaging/loader.ts';
import { loadBlockGroupCentres } from '../../src/domain/garaging/population-loader.ts';
import { loadStateLossRows } from '../../src/domain/garaging/state-baseline-loader.ts';
import { createStateLocator } from '../../src/domain/geo/states.ts';
import { US_STATES } from '../../src/domain/geo/us-states.ts';
import { backtestSample, giniTable, MAIN_OUTCOME_RADIUS_KM, OUTCOME_RADII_KM, outcomeIndex, outcomes, scoreSample } from './backtest.ts';
import { concentrationGini } from './gini.ts';
import { refinementCheck } from './refinement-check.ts';

const SOURCE_DATA = resolve(process.env.ROADRISK_SOURCE_DATA ?? '../shared/data');
const SAMPLE_SIZE = 25_000;
const log = (m: string) => process.stderr.write(`${m}\n`);

const sources = defaultCrashSources(SOURCE_DATA);
const fars = sources.find(isNationalSource)!;
log('reading FARS 2013-2015 and the city extracts ...');
const farsRecords = await readSourceRecords(fars);
const cityRecords = await Promise.all(sources.filter((s) => !isNationalSource(s)).map(async (s) => ({ name: s.name, records: await readSourceRecords(s) })));
const centres = loadBlockGroupCentres(SOURCE_DATA);
const stateLosses = loadStateLossRows(SOURCE_DATA);
const states = createStateLocator();
const { points, outsideBounds } = backtestSample(centres, SAMPLE_SIZE);

/** Inputs holding only records dated on or before lastDate (and coverage of those years only). */
function inputsUpTo(lastDate: string, kernel?: KernelParams): GaragingInputs {
  const upTo = (r: CrashRecord) => r.date <= lastDate;
  const years = [2013, 2014, 2015].filter((y) => `${y}-01-01` <= lastDate);
  return buildGaragingInputs({
    national: { name: 'fars', records: farsRecords.filter(upTo), coverage: US_STATES.flatMap((state) => years.map((year) => ({ state, year }))) },
    refinements: cityRecords.map((c) => ({ name: c.name, records: c.records.filter(upTo) })),
    centres,
    stateLosses,
    kernel,
  });
}

function table(header: string[], rows: (string | number)[][]): string {
  const fmt = (v: string | number) => (typeof v === 'number' ? v.toFixed(3) : v);
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(fmt).join(' | ')} |`)].join('\n');
}

// 1. Tuning split: 2013 data → 2014 outcome (the test year 2015 is never looked at here). The
// kernel is chosen by the mean of v1's Gini over the three outcome radii, so that it does not just
// copy the main outcome's 5 km.
const mainK = OUTCOME_RADII_KM.indexOf(MAIN_OUTCOME_RADIUS_KM);
if (!process.argv.includes('--no-tuning')) {
  log('tuning on 2013 → 2014 ...');
  const base = inputsUpTo('2013-12-31');
  const outcome2014 = outcomes(outcomeIndex(farsRecords.filter((r) => r.date.startsWith('2014'))), points, [...points.latitude.keys()], 2014);
  const rows: (string | number)[][] = [];
  for (const weights of [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0.5, 0.3, 0.2], [0.3, 0.4, 0.3], [0.2, 0.3, 0.5]]) {
    for (const priorCrashes of [1, 2, 4, 8, 16]) {
      const kernel = { radiiKm: DEFAULT_KERNEL.radiiKm, weights, priorCrashes };
      const s = scoreSample({ ...base, kernel }, states, points, '2014-01-01');
      const ginis = outcome2014.map((o) => concentrationGini(s.v1, s.kept.map((i) => o[i])));
      const v2 = concentrationGini(s.v2, s.kept.map((i) => outcome2014[mainK][i]));
      rows.push([`[${weights.join(', ')}]`, priorCrashes, ...ginis, ginis.reduce((a, b) => a + b, 0) / ginis.length, v2]);
      log(`  ${rows[rows.length - 1].join(' ')}`);
    }
  }
  const radii = OUTCOME_RADII_KM.map((r) => `v1, ${r} km`);
  console.log(`### Tuning split: 2013 data, effective 2014-01-01, outcome 2014 fatal crashes (Gini)\n`);
  console.log(table(['kernel weights (2, 5, 15 km)', 'α (pseudo-crashes)', ...radii, 'v1, mean', `v2, ${MAIN_OUTCOME_RADIUS_KM} km`], rows), '\n');
}

// 2. Test split: 2013-2014 data → 2015 outcome, with the default kernel.
log('backtest 2013-2014 → 2015 ...');
const inputs = inputsUpTo('2014-12-31');
const started = performance.now();
const scores = scoreSample(inputs, states, points, '2015-01-01');
const seconds = (performance.now() - started) / 1000;
const outcome2015 = outcomes(outcomeIndex(farsRecords.filter((r) => r.date.startsWith('2015'))), points, scores.kept, 2015);
console.log(`### Test split: 2013-2014 data, effective 2015-01-01, outcome 2015 fatal crashes (FARS)\n`);
console.log(`Sample: ${points.latitude.length} block-group centres (systematic PPS of ${SAMPLE_SIZE}; ${outsideBounds} outside the spec's GPS bounds left out), ${scores.kept.length} scored, ${scores.unscored} in no state. Scoring both versions took ${seconds.toFixed(1)} s including the window model.\n`);
console.log(table(['model', ...OUTCOME_RADII_KM.map((r) => `Gini, crashes within ${r} km`)], giniTable(scores, outcome2015).map((r) => [r.model, ...r.gini])), '\n');
console.log(refinementCheck(inputs, '2015-01-01'));
