// Prints the model's numbers that docs/model.md quotes: urbanicity shares of the population,
// the intensity priors, the reference distributions and the state relativities (current window).
// node --import tsx bench/garaging-backtest/describe.ts
import { resolve } from 'node:path';
import { createGaragingScorer } from '../../src/domain/garaging/garaging-scorer.ts';
import { dataWindow, lastUsableDay } from '../../src/domain/garaging/data-window.ts';
import { loadGaragingInputs } from '../../src/domain/garaging/loader.ts';
import { createStateLocator } from '../../src/domain/geo/states.ts';
import { US_STATES } from '../../src/domain/geo/us-states.ts';
import { URBANICITIES } from '../../src/domain/vocabulary.ts';

const SOURCE_DATA = resolve(process.env.ROADRISK_SOURCE_DATA ?? '../shared/data');
const inputs = await loadGaragingInputs(SOURCE_DATA);
const scorer = createGaragingScorer({ inputs, states: createStateLocator() });
for (const effective of ['2015-01-01T00:00:00Z', '2026-01-01T00:00:00Z']) {
  const lastDay = lastUsableDay(new Date(effective));
  const model = scorer.windowModels.get(dataWindow([2013, 2014, 2015], lastDay)!, lastDay);
  console.log(`\n## effective ${effective}: years ${model.window.years.join(', ')}; refinements: ${model.refinements.map((r) => `${r.layer.name} ${r.window.years.join('/')} (scale ${r.scale.toFixed(3)})`).join('; ') || 'none'}`);
  console.log(`national mean intensity: ${model.meanIntensity.toFixed(5)} fatal crashes / km² / year`);
  const ref = inputs.reference;
  console.log('| urbanicity | share of people | prior (fatal crashes / km² / year) |\n|---|---|---|');
  URBANICITIES.forEach((u, k) => {
    const share = ref.urbanicity.filter((x) => x === k).length / ref.urbanicity.length;
    console.log(`| ${u} | ${(100 * share).toFixed(1)}% | ${model.priors[k].toPrecision(3)} |`);
  });
  console.log('| share of people | v1 relative risk | v2 location relative risk |\n|---|---|---|');
  for (const p of [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99]) {
    console.log(`| ${p} | ${model.v1.quantile(p).toPrecision(3)} | ${model.v2.quantile(p).toPrecision(3)} |`);
  }
}
console.log(`\nstate baseline: national mean $${inputs.stateBaseline.nationalMean.toFixed(2)} per insured driver`);
console.log(US_STATES.map((s) => `${s} ${inputs.stateBaseline.relativityOf(s).toFixed(2)}`).join(', '));
