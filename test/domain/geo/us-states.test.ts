import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  US_STATES, US_STATE_INFO, fipsOfState, isUsState, parseUsState, stateByFips,
} from '../../../src/domain/geo/us-states.ts';

test('the 51 codes of the spec, in its order (service-spec.md USState)', () => {
  const spec = 'AL, AK, AZ, AR, CA, CO, CT, DE, DC, FL, GA, HI, ID, IL, IN, IA, KS, KY, LA, ME, MD, MA, MI, MN, MS, MO, MT, NE, NV, NH, NJ, NM, NY, NC, ND, OH, OK, OR, PA, RI, SC, SD, TN, TX, UT, VT, VA, WA, WV, WI, WY';
  assert.deepEqual([...US_STATES], spec.split(', '));
});

test('FIPS codes map both ways and are unique', () => {
  assert.equal(stateByFips('06'), 'CA');
  assert.equal(stateByFips(6), 'CA');
  assert.equal(stateByFips('6'), 'CA');
  assert.equal(stateByFips(11), 'DC');
  assert.equal(stateByFips(72), undefined); // Puerto Rico is not a USState
  assert.equal(fipsOfState('WY'), '56');
  assert.equal(new Set(US_STATES.map((s) => US_STATE_INFO[s].fips)).size, 51);
  for (const s of US_STATES) assert.equal(stateByFips(fipsOfState(s)), s);
});

test('parses codes and names case-insensitively', () => {
  assert.equal(parseUsState('ca'), 'CA');
  assert.equal(parseUsState(' New  York '), 'NY');
  assert.equal(parseUsState('district of columbia'), 'DC');
  assert.equal(parseUsState('D.C.'), 'DC');
  assert.equal(parseUsState('PR'), undefined);
  assert.equal(parseUsState('Ontario'), undefined);
  assert.ok(isUsState('TX'));
  assert.ok(!isUsState('tx'));
});
