// Invariants of validate() on arbitrary JSON against a schema shaped like the CA garaging request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum, validate, type ValidationItem } from '../../../src/http/validation/pydantic.ts';
import { sampleBody } from './fixtures/sample-schema.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const CaGaragingLike = Type.Object({
  policy_holder_id: Type.String(),
  vehicles: Type.Array(
    Type.Object({
      vehicle_id: Type.String(),
      garaging_location: Type.Object({
        latitude: Type.Number({ minimum: 24.396308, maximum: 49.384358 }),
        longitude: Type.Number({ minimum: -125, maximum: -66.93457 }),
      }),
      body_type: Type.Optional(Nullable(StringEnum(['sedan', 'suv', 'pickup']))),
    }),
    { minItems: 1, maxItems: 50, 'x-unique-by': 'vehicle_id' },
  ),
  version: Type.Optional(StringEnum(['v1', 'v2'])),
  naics_code: Type.Optional(Nullable(Type.String({ minLength: 2, maxLength: 6, pattern: '^[0-9]+$' }))),
  effective_date: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
});

const PREFIX = ['body'];
const ROOTS = new Set(Object.keys(CaGaragingLike.properties));

function assertWellFormed(item: ValidationItem) {
  assert.equal(typeof item.type, 'string');
  assert.ok(item.type.length > 0);
  assert.equal(typeof item.msg, 'string');
  assert.ok(item.msg.length > 0);
  assert.ok(Array.isArray(item.loc));
  assert.equal(item.loc[0], 'body');
  for (const step of item.loc) assert.ok(typeof step === 'string' || (Number.isInteger(step) && step >= 0));
  if (item.loc.length > 1) assert.ok(ROOTS.has(String(item.loc[1])), `unexpected field ${String(item.loc[1])}`);
  assert.ok('input' in item);
  if ('ctx' in item) assert.equal(typeof item.ctx, 'object');
  assert.ok(!('url' in item));
  assert.doesNotThrow(() => JSON.stringify(item));
}

const anything = fc.oneof(fc.jsonValue(), sampleBody, fc.anything());

test('validate never throws and answers ok or a non-empty list of well-formed items', () => {
  fc.assert(
    fc.property(anything, (input) => {
      const result = validate(CaGaragingLike, input, PREFIX);
      if (result.ok) return;
      assert.ok(result.errors.length > 0);
      result.errors.forEach(assertWellFormed);
    }),
    { numRuns: 3000 },
  );
});

test('a value that passed validates again to itself (idempotent), with only declared fields', () => {
  const validVehicle = fc.record({
    vehicle_id: fc.uuid(),
    garaging_location: fc.record({
      latitude: fc.oneof(fc.double({ min: 24.4, max: 49.38, noNaN: true }), fc.constant('37.5')),
      longitude: fc.double({ min: -124.9, max: -67, noNaN: true }),
    }),
  });
  const body = fc.record({
    policy_holder_id: fc.string(),
    vehicles: fc.array(validVehicle, { minLength: 1, maxLength: 50 }),
    extra: fc.jsonValue(),
  });
  fc.assert(
    fc.property(body, (input) => {
      const first = validate(CaGaragingLike, input, PREFIX);
      assert.equal(first.ok, true, JSON.stringify(first));
      if (!first.ok) return;
      assert.ok(!('extra' in (first.value as object)));
      assert.deepEqual(validate(CaGaragingLike, first.value, PREFIX), first);
    }),
    { numRuns: 300 },
  );
});
