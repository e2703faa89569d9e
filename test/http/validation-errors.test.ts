// 422 bodies through the real routes, item for item as FastAPI writes them (validation-errors.md),
// and a property test: generated invalid bodies at every JSON endpoint never give a 5xx.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { crashBody, garagingBody, multipartBody, tripCsv } from '../support/routes.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(t.keys.enterprise), ...headers }, payload: payload as never });

const vehicle = (over: Record<string, unknown> = {}) => ({ ...garagingBody.vehicles[0], ...over });

describe('422 golden items', () => {
  it('latitude above the bound', async () => {
    const res = await post('/v1/risk-score/ca-garaging', {
      ...garagingBody,
      vehicles: [vehicle({ garaging_location: { latitude: 60.1, longitude: -122.27 } })],
    });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), {
      detail: [
        {
          type: 'less_than_equal',
          loc: ['body', 'vehicles', 0, 'garaging_location', 'latitude'],
          msg: 'Input should be less than or equal to 49.384358',
          input: 60.1,
          ctx: { le: 49.384358 },
        },
      ],
    });
  });

  it('no vehicles', async () => {
    const res = await post('/v1/risk-score/ca-garaging', { ...garagingBody, vehicles: [] });
    assert.deepEqual(res.json(), {
      detail: [
        {
          type: 'too_short',
          loc: ['body', 'vehicles'],
          msg: 'List should have at least 1 item after validation, not 0',
          input: [],
          ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
        },
      ],
    });
  });

  it('51 vehicles', async () => {
    const vehicles = Array.from({ length: 51 }, (_, i) => vehicle({ vehicle_id: `v${i}` }));
    const [item] = (await post('/v1/risk-score/ppa-garaging', { ...garagingBody, vehicles })).json().detail;
    assert.equal(item.type, 'too_long');
    assert.equal(item.msg, 'List should have at most 50 items after validation, not 51');
    assert.deepEqual(item.ctx, { field_type: 'List', max_length: 50, actual_length: 51 });
  });

  it('unknown model version', async () => {
    const res = await post('/v1/risk-score/ca-garaging', { ...garagingBody, version: 'v3' });
    assert.deepEqual(res.json(), {
      detail: [{ type: 'enum', loc: ['body', 'version'], msg: "Input should be 'v1' or 'v2'", input: 'v3', ctx: { expected: "'v1' or 'v2'" } }],
    });
  });

  it('missing multipart file', async () => {
    const { payload, headers } = multipartBody([{ name: 'policy_holder_id', value: 'ph' }]);
    const res = await post('/v1/risk-score/ppa-telematics', payload, headers);
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { detail: [{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }] });
  });

  it('telematics version other than v1, and an empty policy holder', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', value: tripCsv, filename: 'trips.csv' },
      { name: 'version', value: 'v2' },
      { name: 'policy_holder_id', value: '' },
    ]);
    const res = await post('/v1/risk-score/ca-telematics', payload, headers);
    assert.deepEqual(res.json().detail, [
      { type: 'literal_error', loc: ['body', 'version'], msg: "Input should be 'v1'", input: 'v2', ctx: { expected: "'v1'" } },
      { type: 'missing', loc: ['body', 'policy_holder_id'], msg: 'Field required', input: null },
    ]);
  });

  it('a file without the .csv extension', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', value: tripCsv, filename: 'trips.txt' },
      { name: 'policy_holder_id', value: 'ph' },
    ]);
    const [item] = (await post('/v1/risk-score/ppa-telematics', payload, headers)).json().detail;
    assert.deepEqual([item.type, item.loc], ['value_error', ['body', 'file']]);
    assert.match(item.msg, /^Value error, .*\.csv/);
  });

  it('missing body, JSON null, and a body that is not an object', async () => {
    const missing = { type: 'missing', loc: ['body'], msg: 'Field required', input: null };
    assert.deepEqual((await post('/v1/crash-data/aggregate', '', { 'content-type': 'application/json' })).json(), { detail: [missing] });
    assert.deepEqual((await post('/v1/crash-data/aggregate', 'null', { 'content-type': 'application/json' })).json(), { detail: [missing] });
    const list = (await post('/v1/crash-data/aggregate', '[1]', { 'content-type': 'application/json' })).json().detail[0];
    assert.equal(list.type, 'model_attributes_type');
    assert.equal(list.msg, 'Input should be a valid dictionary or object to extract fields from');
  });

  it('invalid JSON with the decoder position and message', async () => {
    const res = await post('/v1/crash-data/aggregate', '{"radius_km": }', { 'content-type': 'application/json' });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), {
      detail: [{ type: 'json_invalid', loc: ['body', 14], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } }],
    });
  });

  it('reports every error at once, in declaration order', async () => {
    const res = await post('/v1/risk-score/ca-garaging', {
      vehicles: [vehicle({ garaging_location: { latitude: 'north', longitude: -200 } }), vehicle({ body_type: 'spaceship' })],
      naics_code: 4841,
    });
    const items = res.json().detail.map((i: { type: string; loc: unknown[] }) => [i.type, i.loc.join('.')]);
    assert.deepEqual(items, [
      ['missing', 'body.policy_holder_id'],
      ['float_parsing', 'body.vehicles.0.garaging_location.latitude'],
      ['greater_than_equal', 'body.vehicles.0.garaging_location.longitude'],
      ['enum', 'body.vehicles.1.body_type'],
      ['string_type', 'body.naics_code'],
    ]);
  });

  it('coerces numeric strings but not numbers to strings', async () => {
    const coerced = await post('/v1/crash-data/aggregate', { ...crashBody, radius_km: '10' });
    assert.notEqual(coerced.statusCode, 422);
    const res = await post('/v1/risk-score/ca-garaging', { ...garagingBody, policy_holder_id: 42 });
    assert.deepEqual(res.json().detail[0], { type: 'string_type', loc: ['body', 'policy_holder_id'], msg: 'Input should be a valid string', input: 42 });
  });

  it('duplicate vehicle ids', async () => {
    const res = await post('/v1/risk-score/ca-garaging', { ...garagingBody, vehicles: [vehicle(), vehicle()] });
    const [item] = res.json().detail;
    assert.equal(item.type, 'value_error');
    assert.deepEqual(item.loc, ['body', 'vehicles', 1, 'vehicle_id']);
  });

  it('NAICS: digits only, 2 to 6 characters, and a code of NAICS 2022', async () => {
    const detail = async (naics_code: string) => (await post('/v1/risk-score/ca-garaging', { ...garagingBody, naics_code })).json().detail[0];
    assert.equal((await detail('48A')).type, 'string_pattern_mismatch');
    assert.equal((await detail('4')).type, 'string_too_short');
    assert.equal((await detail('4841211')).type, 'string_too_long');
    assert.deepEqual(await detail('999999'), {
      type: 'value_error',
      loc: ['body', 'naics_code'],
      msg: 'Value error, Unknown NAICS code',
      input: '999999',
      ctx: { error: 'Unknown NAICS code' },
    });
    for (const known of ['48', '31', '4841', '484121']) {
      assert.notEqual((await post('/v1/risk-score/ca-garaging', { ...garagingBody, naics_code: known })).statusCode, 422, known);
    }
  });

  it('reports an unknown NAICS code together with the other errors', async () => {
    const res = await post('/v1/risk-score/ca-garaging', { ...garagingBody, version: 'v9', naics_code: '999999' });
    assert.deepEqual(
      res.json().detail.map((i: { type: string }) => i.type),
      ['enum', 'value_error'],
    );
  });

  it('start_date after end_date', async () => {
    const res = await post('/v1/crash-data/aggregate', { ...crashBody, start_date: '2015-01-02', end_date: '2015-01-01' });
    const [item] = res.json().detail;
    assert.deepEqual([item.type, item.loc], ['value_error', ['body']]);
  });

  it('bad dates and date-times with speedate messages', async () => {
    const crash = (await post('/v1/crash-data/aggregate', { ...crashBody, start_date: '2015-13-01' })).json().detail[0];
    assert.equal(crash.type, 'date_from_datetime_parsing');
    assert.equal(crash.msg, 'Input should be a valid date or datetime, month value is outside expected range of 1-12');
    const garaging = (await post('/v1/risk-score/ca-garaging', { ...garagingBody, effective_date: '20x5-01-01' })).json().detail[0];
    assert.equal(garaging.type, 'datetime_from_date_parsing');
    assert.equal(garaging.msg, 'Input should be a valid datetime or date, invalid character in year');
  });
});

const JSON_ENDPOINTS = ['/v1/risk-score/ca-garaging', '/v1/risk-score/ppa-garaging', '/v1/crash-data/aggregate', '/v1/api-keys'];

describe('generated invalid bodies', () => {
  it('never answer 5xx, and every 422 is well formed', async () => {
    const mutant = fc.oneof(
      fc.jsonValue(),
      fc.record({
        policy_holder_id: fc.jsonValue(),
        vehicles: fc.oneof(fc.jsonValue(), fc.array(fc.record({ vehicle_id: fc.jsonValue(), garaging_location: fc.jsonValue(), body_type: fc.jsonValue() }), { maxLength: 55 })),
        version: fc.jsonValue(),
        naics_code: fc.jsonValue(),
        effective_date: fc.oneof(fc.string(), fc.jsonValue()),
        location: fc.oneof(fc.jsonValue(), fc.record({ latitude: fc.jsonValue(), longitude: fc.jsonValue() }), fc.record({ address: fc.jsonValue() })),
        start_date: fc.oneof(fc.string(), fc.jsonValue()),
        end_date: fc.string(),
        radius_km: fc.oneof(fc.double(), fc.string(), fc.jsonValue()),
        name: fc.jsonValue(),
      }, { requiredKeys: [] }),
    );
    const raw = fc.oneof(mutant.map((v) => JSON.stringify(v)), fc.string());
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ENDPOINTS), raw, async (url, body) => {
        const res = await post(url, body, { 'content-type': 'application/json' });
        assert.ok(res.statusCode < 500 || res.statusCode === 503, `${url} ${body} → ${res.statusCode} ${res.body}`);
        if (res.statusCode === 422) {
          const { detail } = res.json();
          assert.ok(Array.isArray(detail) && detail.length > 0);
          for (const item of detail) {
            assert.equal(typeof item.type, 'string');
            assert.equal(typeof item.msg, 'string');
            assert.ok(Array.isArray(item.loc) && item.loc[0] === 'body');
            assert.ok('input' in item);
            assert.ok(!('url' in item));
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
