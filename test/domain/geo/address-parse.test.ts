import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFreeTextAddress, parseStructuredAddress } from '../../../src/domain/geo/address-parse.ts';

test('a full one-line address', () => {
  assert.deepEqual(parseFreeTextAddress('1 Main St, Oakland, CA 94607'), {
    zip: '94607', state: 'CA', cityCandidates: ['Oakland'],
  });
});

test('ZIP+4, a trailing country and a spelled-out state', () => {
  assert.deepEqual(parseFreeTextAddress('1 Main St, Oakland, California 94607-1234, USA'), {
    zip: '94607', zip4: '1234', state: 'CA', cityCandidates: ['Oakland'],
  });
});

test('a bare ZIP, and a street number that is not a ZIP', () => {
  assert.deepEqual(parseFreeTextAddress(' 94607 '), { zip: '94607', cityCandidates: [] });
  const p = parseFreeTextAddress('12345 Main Street, Denver, CO');
  assert.equal(p.zip, undefined);
  assert.equal(p.state, 'CO');
  assert.deepEqual(p.cityCandidates, ['Denver']);
});

test('without a comma before the state, every word-suffix is a city candidate, longest first', () => {
  assert.deepEqual(parseFreeTextAddress('1 Main St South San Francisco CA').cityCandidates, [
    '1 Main St South San Francisco', 'Main St South San Francisco', 'St South San Francisco',
    'South San Francisco', 'San Francisco', 'Francisco',
  ]);
  assert.equal(parseFreeTextAddress('Salt Lake City Utah').state, 'UT');
  assert.equal(parseFreeTextAddress('Georgetown District of Columbia').state, 'DC');
});

test('a state alone has no city', () => {
  assert.deepEqual(parseFreeTextAddress('New York'), { state: 'NY', cityCandidates: [] });
});

test('structured: ZIP+4 with or without hyphen, state by name, unknown state kept as text', () => {
  assert.deepEqual(parseStructuredAddress({ street: '1 Main St', city: ' Oakland ', state: 'california', postal_code: '946071234' }), {
    zip: '94607', zip4: '1234', state: 'CA', cityCandidates: ['Oakland'],
  });
  assert.deepEqual(parseStructuredAddress({ city: 'San Juan', state: 'PR' }), {
    stateText: 'PR', cityCandidates: ['San Juan'],
  });
  assert.deepEqual(parseStructuredAddress({ postal_code: 'ABC' }), { cityCandidates: [] });
});
