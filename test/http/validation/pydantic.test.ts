// Golden tests: every expected item below is what FastAPI + pydantic 2.13 answer for the same
// model (pydantic_oracle.py), unless a test names a roadrisk decision.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { StringEnum, validate, type ValidationItem } from '../../../src/http/validation/pydantic.ts';
import { missingItem } from '../../../src/http/validation/body-errors.ts';
import { SAMPLE_SCHEMA } from './fixtures/sample-schema.ts';

const V1 = { vehicle_id: 'V1', garaging_location: { latitude: 37.5, longitude: -122.1 } };
const BASE = { policy_holder_id: 'PH-1', vehicles: [V1] };

function errorsOf(schema: Parameters<typeof validate>[0], input: unknown, loc: (string | number)[] = ['body']) {
  const result = validate(schema, input, loc);
  assert.equal(result.ok, false, 'expected a validation failure');
  return (result as { errors: ValidationItem[] }).errors;
}

describe('the examples of validation-errors.md', () => {
  test('latitude above its bound', () => {
    const body = { ...BASE, vehicles: [{ vehicle_id: 'V1', garaging_location: { latitude: 60.1, longitude: -100 } }] };
    assert.deepEqual({ detail: errorsOf(SAMPLE_SCHEMA, body) }, {
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

  test('an empty vehicle list', () => {
    assert.deepEqual({ detail: errorsOf(SAMPLE_SCHEMA, { ...BASE, vehicles: [] }) }, {
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

  test('an unknown model version', () => {
    assert.deepEqual({ detail: errorsOf(SAMPLE_SCHEMA, { ...BASE, version: 'v3' }) }, {
      detail: [
        { type: 'enum', loc: ['body', 'version'], msg: "Input should be 'v1' or 'v2'", input: 'v3', ctx: { expected: "'v1' or 'v2'" } },
      ],
    });
  });

  test('a missing multipart file', () => {
    assert.deepEqual({ detail: [missingItem(['body', 'file'])] }, {
      detail: [{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }],
    });
  });
});

describe('each error type of the table', () => {
  const cases: Array<[string, Parameters<typeof validate>[0], unknown, Omit<ValidationItem, 'loc'>]> = [
    ['missing', Type.Object({ a: Type.String() }), {}, { type: 'missing', msg: 'Field required', input: {} }],
    ['greater_than_equal', Type.Number({ minimum: -125 }), -130, {
      type: 'greater_than_equal', msg: 'Input should be greater than or equal to -125', input: -130, ctx: { ge: -125 } }],
    ['less_than_equal', Type.Number({ maximum: 500 }), '500.5', {
      type: 'less_than_equal', msg: 'Input should be less than or equal to 500', input: '500.5', ctx: { le: 500 } }],
    ['greater_than', Type.Number({ exclusiveMinimum: 0.5 }), 0.5, {
      type: 'greater_than', msg: 'Input should be greater than 0.5', input: 0.5, ctx: { gt: 0.5 } }],
    ['less_than', Type.Integer({ exclusiveMaximum: 10 }), 10, {
      type: 'less_than', msg: 'Input should be less than 10', input: 10, ctx: { lt: 10 } }],
    ['enum of three', StringEnum(['a', 'b', 'c']), 'd', {
      type: 'enum', msg: "Input should be 'a', 'b' or 'c'", input: 'd', ctx: { expected: "'a', 'b' or 'c'" } }],
    ['enum given a number', StringEnum(['v1', 'v2']), 1, {
      type: 'enum', msg: "Input should be 'v1' or 'v2'", input: 1, ctx: { expected: "'v1' or 'v2'" } }],
    ['literal_error', Type.Literal('v1'), 'v2', {
      type: 'literal_error', msg: "Input should be 'v1'", input: 'v2', ctx: { expected: "'v1'" } }],
    ['too_short', Type.Array(Type.String(), { minItems: 2 }), ['x'], {
      type: 'too_short', msg: 'List should have at least 2 items after validation, not 1', input: ['x'],
      ctx: { field_type: 'List', min_length: 2, actual_length: 1 } }],
    ['too_long', Type.Array(Type.String(), { maxItems: 50 }), Array(51).fill('x'), {
      type: 'too_long', msg: 'List should have at most 50 items after validation, not 51', input: Array(51).fill('x'),
      ctx: { field_type: 'List', max_length: 50, actual_length: 51 } }],
    ['too_long, singular', Type.Array(Type.String(), { maxItems: 1 }), ['x', 'y'], {
      type: 'too_long', msg: 'List should have at most 1 item after validation, not 2', input: ['x', 'y'],
      ctx: { field_type: 'List', max_length: 1, actual_length: 2 } }],
    ['string_too_short', Type.String({ minLength: 2 }), '1', {
      type: 'string_too_short', msg: 'String should have at least 2 characters', input: '1', ctx: { min_length: 2 } }],
    ['string_too_short, singular', Type.String({ minLength: 1 }), '', {
      type: 'string_too_short', msg: 'String should have at least 1 character', input: '', ctx: { min_length: 1 } }],
    ['string_too_long', Type.String({ maxLength: 6 }), '1234567', {
      type: 'string_too_long', msg: 'String should have at most 6 characters', input: '1234567', ctx: { max_length: 6 } }],
    ['string_pattern_mismatch', Type.String({ pattern: '^[0-9]+$' }), '12a4', {
      type: 'string_pattern_mismatch', msg: "String should match pattern '^[0-9]+$'", input: '12a4', ctx: { pattern: '^[0-9]+$' } }],
    ['string_type for a number', Type.String(), 5241, { type: 'string_type', msg: 'Input should be a valid string', input: 5241 }],
    ['float_parsing', Type.Number(), '37.5x', {
      type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number', input: '37.5x' }],
    ['float_type for a list', Type.Number(), [1], { type: 'float_type', msg: 'Input should be a valid number', input: [1] }],
    ['float_type for an object', Type.Number(), {}, { type: 'float_type', msg: 'Input should be a valid number', input: {} }],
    ['float_type for a bool (contract)', Type.Number(), true, { type: 'float_type', msg: 'Input should be a valid number', input: true }],
    ['float_type for null', Type.Number(), null, { type: 'float_type', msg: 'Input should be a valid number', input: null }],
    ['list_type', Type.Array(Type.String()), 'ab', { type: 'list_type', msg: 'Input should be a valid list', input: 'ab' }],
    ['model_attributes_type', Type.Object({ a: Type.String() }), [1], {
      type: 'model_attributes_type', msg: 'Input should be a valid dictionary or object to extract fields from', input: [1] }],
    ['datetime_from_date_parsing', Type.String({ format: 'date-time' }), '2024-13-01', {
      type: 'datetime_from_date_parsing', msg: 'Input should be a valid datetime or date, month value is outside expected range of 1-12',
      input: '2024-13-01', ctx: { error: 'month value is outside expected range of 1-12' } }],
    ['datetime_type', Type.String({ format: 'date-time' }), false, { type: 'datetime_type', msg: 'Input should be a valid datetime', input: false }],
    ['datetime_parsing for a timestamp', Type.String({ format: 'date-time' }), 253402300800000, {
      type: 'datetime_parsing', msg: 'Input should be a valid datetime, dates after 9999 are not supported as unix timestamps',
      input: 253402300800000, ctx: { error: 'dates after 9999 are not supported as unix timestamps' } }],
    ['date_from_datetime_parsing', Type.String({ format: 'date' }), '2024-01-01T25:00', {
      type: 'date_from_datetime_parsing', msg: 'Input should be a valid date or datetime, hour value is outside expected range of 0-23',
      input: '2024-01-01T25:00', ctx: { error: 'hour value is outside expected range of 0-23' } }],
    ['date_type', Type.String({ format: 'date' }), true, { type: 'date_type', msg: 'Input should be a valid date', input: true }],
    ['int_type', Type.Integer(), null, { type: 'int_type', msg: 'Input should be a valid integer', input: null }],
    ['int_parsing', Type.Integer(), '3.5', {
      type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer', input: '3.5' }],
    ['int_from_float', Type.Integer(), 2.5, {
      type: 'int_from_float', msg: 'Input should be a valid integer, got a number with a fractional part', input: 2.5 }],
    ['bool_type', Type.Boolean(), 0.5, { type: 'bool_type', msg: 'Input should be a valid boolean', input: 0.5 }],
    ['bool_parsing', Type.Boolean(), 'maybe', {
      type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input', input: 'maybe' }],
  ];
  for (const [name, schema, input, expected] of cases) {
    test(name, () => {
      const loc = name === 'missing' ? ['body', 'a'] : ['body'];
      assert.deepEqual(errorsOf(schema, input), [{ type: expected.type, loc, msg: expected.msg, input: expected.input, ...(expected.ctx ? { ctx: expected.ctx } : {}) }]);
    });
  }

  test('items carry ctx only for types that have context, and never a url', () => {
    const [item] = errorsOf(Type.String(), 1);
    assert.deepEqual(Object.keys(item), ['type', 'loc', 'msg', 'input']);
    const [withCtx] = errorsOf(Type.Number({ maximum: 1 }), 2);
    assert.deepEqual(Object.keys(withCtx), ['type', 'loc', 'msg', 'input', 'ctx']);
  });
});

describe('several errors at once', () => {
  test('come in declaration order, list items in index order, with integer indices in loc', () => {
    const body = {
      vehicles: [V1, { garaging_location: { latitude: '37.5x', longitude: [1] }, body_type: 'bus' }, 'car'],
      naics_code: '12a4',
      effective_date: '2024-13-01',
      policy_holder_id: 7,
    };
    assert.deepEqual(errorsOf(SAMPLE_SCHEMA, body), [
      { type: 'string_type', loc: ['body', 'policy_holder_id'], msg: 'Input should be a valid string', input: 7 },
      { type: 'missing', loc: ['body', 'vehicles', 1, 'vehicle_id'], msg: 'Field required',
        input: { garaging_location: { latitude: '37.5x', longitude: [1] }, body_type: 'bus' } },
      { type: 'float_parsing', loc: ['body', 'vehicles', 1, 'garaging_location', 'latitude'],
        msg: 'Input should be a valid number, unable to parse string as a number', input: '37.5x' },
      { type: 'float_type', loc: ['body', 'vehicles', 1, 'garaging_location', 'longitude'], msg: 'Input should be a valid number', input: [1] },
      { type: 'enum', loc: ['body', 'vehicles', 1, 'body_type'], msg: "Input should be 'sedan', 'suv' or 'truck'", input: 'bus',
        ctx: { expected: "'sedan', 'suv' or 'truck'" } },
      { type: 'model_attributes_type', loc: ['body', 'vehicles', 2],
        msg: 'Input should be a valid dictionary or object to extract fields from', input: 'car' },
      { type: 'string_pattern_mismatch', loc: ['body', 'naics_code'], msg: "String should match pattern '^[0-9]+$'", input: '12a4',
        ctx: { pattern: '^[0-9]+$' } },
      { type: 'datetime_from_date_parsing', loc: ['body', 'effective_date'],
        msg: 'Input should be a valid datetime or date, month value is outside expected range of 1-12', input: '2024-13-01',
        ctx: { error: 'month value is outside expected range of 1-12' } },
    ]);
  });

  test('a list that is too long reports only too_long, not its items', () => {
    const vehicles = [V1, V1, 'x', V1];
    assert.deepEqual(errorsOf(SAMPLE_SCHEMA, { ...BASE, vehicles }), [
      { type: 'too_long', loc: ['body', 'vehicles'], msg: 'List should have at most 3 items after validation, not 4', input: vehicles,
        ctx: { field_type: 'List', max_length: 3, actual_length: 4 } },
    ]);
  });

  test('a nested model given a string', () => {
    assert.deepEqual(errorsOf(SAMPLE_SCHEMA, { ...BASE, vehicles: [{ vehicle_id: 'V1', garaging_location: 'here' }] }), [
      { type: 'model_attributes_type', loc: ['body', 'vehicles', 0, 'garaging_location'],
        msg: 'Input should be a valid dictionary or object to extract fields from', input: 'here' },
    ]);
  });

  test('mixed scalar errors', () => {
    const body = { ...BASE, count: 10, ratio: 1.5, flag: 0.5, tags: 'ab', start_date: true, effective_date: false };
    assert.deepEqual(errorsOf(SAMPLE_SCHEMA, body), [
      { type: 'datetime_type', loc: ['body', 'effective_date'], msg: 'Input should be a valid datetime', input: false },
      { type: 'date_type', loc: ['body', 'start_date'], msg: 'Input should be a valid date', input: true },
      { type: 'less_than', loc: ['body', 'count'], msg: 'Input should be less than 10', input: 10, ctx: { lt: 10 } },
      { type: 'less_than_equal', loc: ['body', 'ratio'], msg: 'Input should be less than or equal to 1', input: 1.5, ctx: { le: 1 } },
      { type: 'bool_type', loc: ['body', 'flag'], msg: 'Input should be a valid boolean', input: 0.5 },
      { type: 'list_type', loc: ['body', 'tags'], msg: 'Input should be a valid list', input: 'ab' },
    ]);
  });
});

describe('lax coercions and values', () => {
  test('numeric strings become numbers; unknown keys are dropped; defaults filled', () => {
    const result = validate(SAMPLE_SCHEMA, {
      policy_holder_id: 'PH-1',
      vehicles: [{ vehicle_id: 'V1', garaging_location: { latitude: ' 37.5 ', longitude: '-1_22' }, extra: 1 }],
      count: '7',
      flag: 'yes',
      effective_date: '2024-05-01',
      unknown: true,
    }, ['body']);
    assert.deepEqual(result, {
      ok: true,
      value: {
        policy_holder_id: 'PH-1',
        vehicles: [{ vehicle_id: 'V1', garaging_location: { latitude: 37.5, longitude: -122 } }],
        version: 'v2',
        effective_date: '2024-05-01',
        count: 7,
        flag: true,
      },
    });
  });

  test('null passes a nullable field and fails a plain one with the plain type error', () => {
    assert.equal(validate(SAMPLE_SCHEMA, { ...BASE, naics_code: null, effective_date: null }, ['body']).ok, true);
    assert.deepEqual(errorsOf(SAMPLE_SCHEMA, { ...BASE, policy_holder_id: null }), [
      { type: 'string_type', loc: ['body', 'policy_holder_id'], msg: 'Input should be a valid string', input: null },
    ]);
  });

  test('NaN and infinities fail any bound (pydantic-core compares them as unordered)', () => {
    const gps = { latitude: NaN, longitude: Infinity };
    assert.deepEqual(errorsOf(SAMPLE_SCHEMA, { ...BASE, vehicles: [{ vehicle_id: 'V1', garaging_location: gps }] }).map((e) => e.type), [
      'less_than_equal',
      'less_than_equal',
    ]);
    assert.deepEqual(errorsOf(Type.Number({ minimum: 0 }), '-inf')[0].type, 'greater_than_equal');
  });
});

describe('unions (decisions §5)', () => {
  test('the member sharing most keys with the input is the one reported', () => {
    const errors = errorsOf(SAMPLE_SCHEMA, { ...BASE, vehicles: [{ vehicle_id: 'V1', garaging_location: { address: 'abc' } }] });
    assert.deepEqual(errors, [
      { type: 'string_too_short', loc: ['body', 'vehicles', 0, 'garaging_location', 'address'],
        msg: 'String should have at least 5 characters', input: 'abc', ctx: { min_length: 5 } },
    ]);
  });

  test('ties and empty objects go to the first member', () => {
    const errors = errorsOf(SAMPLE_SCHEMA, { ...BASE, vehicles: [{ vehicle_id: 'V1', garaging_location: {} }] });
    assert.deepEqual(errors.map((e) => e.loc.at(-1)), ['latitude', 'longitude']);
  });

  test('a union of literals is one Literal', () => {
    assert.deepEqual(errorsOf(Type.Union([Type.Literal('a'), Type.Literal('b')]), 'c'), [
      { type: 'literal_error', loc: ['body'], msg: "Input should be 'a' or 'b'", input: 'c', ctx: { expected: "'a' or 'b'" } },
    ]);
  });
});

describe('x-unique-by and refinements', () => {
  const Fleet = Type.Object({
    vehicles: Type.Array(Type.Object({ vehicle_id: Type.String() }), { 'x-unique-by': 'vehicle_id' }),
  });

  test('a repeated id is a value_error on each repeat', () => {
    const input = { vehicles: [{ vehicle_id: 'A' }, { vehicle_id: 'B' }, { vehicle_id: 'A' }, { vehicle_id: 'A' }] };
    assert.deepEqual(errorsOf(Fleet, input), [3, 4].map((n) => n - 1).map((index) => ({
      type: 'value_error',
      loc: ['body', 'vehicles', index, 'vehicle_id'],
      msg: "Value error, duplicate vehicle_id 'A'",
      input: 'A',
      ctx: { error: "duplicate vehicle_id 'A'" },
    })));
  });

  test('uniqueness is not checked while an item is invalid', () => {
    const input = { vehicles: [{ vehicle_id: 'A' }, { vehicle_id: 'A' }, { vehicle_id: 3 }] };
    assert.deepEqual(errorsOf(Fleet, input).map((e) => e.type), ['string_type']);
  });

  const Window = Type.Object({
    start_date: Type.String({ format: 'date' }),
    end_date: Type.String({ format: 'date' }),
    items: Type.Array(Type.Object({ code: Type.String() })),
  });
  const refinements = [
    {
      at: [],
      check: (v: unknown) => {
        const { start_date: start, end_date: end } = v as { start_date: string; end_date: string };
        return start > end ? [{ message: 'start_date must be on or before end_date', path: ['start_date'] }] : [];
      },
    },
    { at: ['items', '*', 'code'], check: (v: unknown) => (v === '99' ? [{ message: 'Unknown NAICS code' }] : []) },
  ];

  test('a refinement reports a value_error where it points', () => {
    const input = { start_date: '2024-02-01', end_date: '2024-01-01', items: [{ code: '11' }] };
    assert.deepEqual(validate(Window, input, ['body'], { refinements }), {
      ok: false,
      errors: [
        { type: 'value_error', loc: ['body', 'start_date'], msg: 'Value error, start_date must be on or before end_date',
          input: '2024-02-01', ctx: { error: 'start_date must be on or before end_date' } },
      ],
    });
  });

  test('a field refinement runs in field order; the model-level one waits for clean fields', () => {
    const input = { start_date: '2024-02-01', end_date: '2024-01-01', items: [{ code: '11' }, { code: '99' }] };
    assert.deepEqual(validate(Window, input, ['body'], { refinements }), {
      ok: false,
      errors: [
        { type: 'value_error', loc: ['body', 'items', 1, 'code'], msg: 'Value error, Unknown NAICS code', input: '99',
          ctx: { error: 'Unknown NAICS code' } },
      ],
    });
  });

  test('a model-level refinement does not run while a field is invalid', () => {
    const input = { start_date: '2024-02-01', end_date: 'never', items: [] };
    const result = validate(Window, input, ['body'], { refinements });
    assert.deepEqual(!result.ok && result.errors.map((e) => e.type), ['date_from_datetime_parsing']);
  });
});

describe('parameters', () => {
  test('a missing query parameter has input null, as FastAPI checks parameters one by one', () => {
    assert.deepEqual(errorsOf(Type.Object({ limit: Type.Integer() }), {}, ['query']), [
      { type: 'missing', loc: ['query', 'limit'], msg: 'Field required', input: null },
    ]);
  });

  test('a path parameter keeps the raw string as input', () => {
    assert.deepEqual(errorsOf(Type.Object({ job_id: Type.Integer() }), { job_id: 'abc' }, ['path']), [
      { type: 'int_parsing', loc: ['path', 'job_id'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'abc' },
    ]);
  });
});

test('StringEnum writes the JSON Schema pydantic writes for a str Enum', () => {
  assert.deepEqual(JSON.parse(JSON.stringify(StringEnum(['v1', 'v2'], { title: 'Version', default: 'v2' }))), {
    title: 'Version',
    default: 'v2',
    type: 'string',
    enum: ['v1', 'v2'],
  });
});

test('a union with a scalar member takes a non-object input the first member accepts', () => {
  const StringOrNumber = Type.Union([Type.String(), Type.Number()]);
  assert.deepEqual(validate(StringOrNumber, 5, ['body']), { ok: true, value: 5 });
  assert.deepEqual(validate(StringOrNumber, 'x', ['body']), { ok: true, value: 'x' });
  assert.deepEqual(errorsOf(StringOrNumber, []).map((e) => e.type), ['string_type']);
});
