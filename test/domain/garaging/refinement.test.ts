// SYNTHETIC city source (synthetic.ts): the refinement must stay bounded, follow the source's
// crashes near the point, and not raise the footprint's residents as a whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataWindow, lastUsableDay } from '../../../src/domain/garaging/data-window.ts';
import { assessLocation } from '../../../src/domain/garaging/model.ts';
import { BOUND } from '../../../src/domain/garaging/refinement.ts';
import { WindowModels } from '../../../src/domain/garaging/window-models.ts';
import { CA_CITY, crash, random, syntheticInputs } from './synthetic.ts';

/** 3,000 injury crashes in 2014 in a 10 km square around the CA city, half of them in its east. */
function cityCrashes() {
  const rnd = random(7);
  return Array.from({ length: 3000 }, (_, i) => {
    const east = i % 2 === 0;
    const dlat = (rnd() - 0.5) * 0.09, dlon = east ? rnd() * 0.055 : (rnd() - 0.5) * 0.11;
    return crash(CA_CITY.latitude + dlat, CA_CITY.longitude + dlon, `2014-0${1 + (i % 9)}-1${i % 10}`, 'CA', 'injury');
  });
}

const lastDay = lastUsableDay(new Date('2015-01-01T00:00:00Z'));
const inputs = syntheticInputs({ city: cityCrashes() });
const model = new WindowModels(inputs).get(dataWindow([2013, 2014, 2015], lastDay)!, lastDay);

test('the refinement applies inside the footprint only, within its bounds', () => {
  const inside = assessLocation(inputs, model, CA_CITY.latitude, CA_CITY.longitude + 0.03, 'CA');
  assert.ok(inside.refinement, 'inside the footprint');
  assert.ok(inside.refinement.factor <= BOUND && inside.refinement.factor >= 1 / BOUND);
  assert.equal(inside.intensity, inside.nationalIntensity * inside.refinement.factor);
  const outside = assessLocation(inputs, model, CA_CITY.latitude + 0.5, CA_CITY.longitude, 'CA');
  assert.equal(outside.refinement, null);
  assert.equal(outside.intensity, outside.nationalIntensity);
});

test('the source moves risk toward where its crashes are', () => {
  const east = assessLocation(inputs, model, CA_CITY.latitude, CA_CITY.longitude + 0.04, 'CA');
  const west = assessLocation(inputs, model, CA_CITY.latitude, CA_CITY.longitude - 0.04, 'CA');
  assert.ok(east.refinement!.factor > west.refinement!.factor);
});

test("a footprint's residents are not raised as a whole by the richer source", () => {
  const ctx = model.refinements[0];
  let national = 0, refined = 0;
  for (const c of ctx.layer.footprint.centres) {
    const a = assessLocation(inputs, model, c.latitude, c.longitude, 'CA');
    const people = inputs.population.densityAt(c.latitude, c.longitude);
    national += people * a.nationalIntensity;
    refined += people * a.intensity;
  }
  assert.ok(Math.abs(refined / national - 1) < 0.01, `${refined / national}`);
});

test('a source refines only with enough records in its own window', () => {
  const early = lastUsableDay(new Date('2014-01-01T00:00:00Z'));
  const m = new WindowModels(inputs).get(dataWindow([2013, 2014, 2015], early)!, early);
  assert.equal(m.refinements.length, 0); // its 2014 crashes are after the date
});
