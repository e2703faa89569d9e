// The body-level answers FastAPI gives before any field is validated.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeJsonBytes,
  isJsonContentType,
  missingBodyItem,
  notAnObjectItem,
  readBody,
  validateBody,
} from '../../../src/http/validation/body-errors.ts';
import { SAMPLE_SCHEMA } from './fixtures/sample-schema.ts';

const JSON_TYPE = 'application/json';
const MISSING = { type: 'missing', loc: ['body'], msg: 'Field required', input: null };

describe('validateBody', () => {
  test('no body, an empty body and JSON null are a missing body', () => {
    for (const raw of [undefined, '', new Uint8Array(), 'null', ' null ']) {
      assert.deepEqual(validateBody(SAMPLE_SCHEMA, raw, JSON_TYPE), { ok: false, status: 422, errors: [MISSING] });
    }
    assert.deepEqual(missingBodyItem(), MISSING);
  });

  test('JSON that is not an object is model_attributes_type at the root', () => {
    for (const [raw, input] of [['[1]', [1]], ['"text"', 'text'], ['0', 0], ['true', true]] as const) {
      assert.deepEqual(validateBody(SAMPLE_SCHEMA, raw, JSON_TYPE), {
        ok: false,
        status: 422,
        errors: [
          { type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input },
        ],
      });
    }
    assert.deepEqual(notAnObjectItem([1]).type, 'model_attributes_type');
  });

  test('whitespace only is already invalid JSON (FastAPI parses any non-empty body)', () => {
    assert.deepEqual(validateBody(SAMPLE_SCHEMA, '  \n', JSON_TYPE), {
      ok: false,
      status: 422,
      errors: [{ type: 'json_invalid', loc: ['body', 3], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } }],
    });
  });

  test('a body of another content type reaches the model as text', () => {
    assert.deepEqual(validateBody(SAMPLE_SCHEMA, '{"policy_holder_id": "x"}', 'text/plain'), {
      ok: false,
      status: 422,
      errors: [{ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from',
        input: '{"policy_holder_id": "x"}' }],
    });
  });

  test('bytes that are not valid in their encoding are a 400', () => {
    assert.deepEqual(validateBody(SAMPLE_SCHEMA, new Uint8Array([0x7b, 0xff, 0x7d]), JSON_TYPE), { ok: false, status: 400 });
  });

  test('a UTF-8 BOM is dropped, as json.loads does for bytes', () => {
    const body = '\ufeff{"policy_holder_id": "x", "vehicles": []}';
    const fromText = validateBody(SAMPLE_SCHEMA, body, JSON_TYPE);
    const fromBytes = validateBody(SAMPLE_SCHEMA, new TextEncoder().encode(body), JSON_TYPE);
    assert.deepEqual(fromText, fromBytes);
    assert.equal(!fromText.ok && fromText.status === 422 && fromText.errors[0].type, 'too_short');
  });

  test('a valid body gives the validated value', () => {
    const body = JSON.stringify({ policy_holder_id: 'x', vehicles: [{ vehicle_id: 'a', garaging_location: { address: '1 Main St' } }] });
    assert.deepEqual(validateBody(SAMPLE_SCHEMA, body, 'application/vnd.roadrisk+json; charset=utf-8'), {
      ok: true,
      value: { policy_holder_id: 'x', vehicles: [{ vehicle_id: 'a', garaging_location: { address: '1 Main St' } }], version: 'v2' },
    });
  });
});

describe('reading bytes as json.loads does', () => {
  test('UTF-16 and UTF-32 are recognised', () => {
    const utf16le = new Uint8Array([0x5b, 0, 0x31, 0, 0x5d, 0]);
    assert.equal(decodeJsonBytes(utf16le), '[1]');
    const utf32be = new Uint8Array([0, 0, 0, 0x5b, 0, 0, 0, 0x5d]);
    assert.equal(decodeJsonBytes(utf32be), '[]');
    assert.deepEqual(readBody(new Uint8Array([0xff, 0xfe, 0x5b, 0, 0x5d, 0]), undefined), { kind: 'value', value: [] });
  });

  test('JSON content types as FastAPI recognises them', () => {
    for (const type of [undefined, '', 'application/json', 'Application/JSON; charset=utf-8', 'application/geo+json']) {
      assert.equal(isJsonContentType(type), true, String(type));
    }
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'json']) {
      assert.equal(isJsonContentType(type), false, type);
    }
  });
});
