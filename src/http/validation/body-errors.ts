// The body-level cases FastAPI decides before pydantic sees a field (fastapi/routing.py and
// dependencies/utils.py): which content types are parsed as JSON, how the bytes are decoded, an
// absent body, a body that is not an object.
import { jsonInvalidItem, loadsLikePython } from './json-error.ts';
import { validate, type Loc, type ValidateOptions, type ValidationItem } from './pydantic.ts';
import type { TSchema } from '@sinclair/typebox';

/** No body, an empty one, or JSON `null`: FastAPI's own item (input null, no ctx). */
export function missingBodyItem(): ValidationItem {
  return missingItem(['body']);
}

/** A required parameter, form part or body that is absent (FastAPI reports input null). */
export function missingItem(loc: Loc): ValidationItem {
  return { type: 'missing', loc, msg: 'Field required', input: null };
}

/** JSON that is not an object (or a non-JSON body, given as text) where the body model is expected. */
export function notAnObjectItem(input: unknown): ValidationItem {
  return {
    type: 'model_attributes_type',
    loc: ['body'],
    msg: 'Input should be a valid dictionary or object to extract fields from',
    input,
  };
}

/**
 * FastAPI parses the body as JSON when there is no Content-Type, or when it is `application/json`
 * or `application/*+json` (parameters and case ignored). Any other body reaches the model as text.
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.trim() === '') return true;
  const mime = contentType.split(';')[0].trim().toLowerCase();
  const [main, sub] = mime.split('/');
  if (main !== 'application' || sub === undefined) return false;
  return sub === 'json' || sub.endsWith('+json');
}

/**
 * `json.loads(bytes)` decoding: UTF-8 (a BOM is dropped), or UTF-16/32 recognised by BOM or by
 * zero bytes, as CPython's `detect_encoding` does. Null when the bytes are not valid in that
 * encoding (Python raises UnicodeDecodeError, which FastAPI answers with a 400).
 */
export function decodeJsonBytes(bytes: Uint8Array): string | null {
  const [b0, b1, b2, b3] = bytes;
  try {
    if ((b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) || (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0)) {
      return decodeUtf32(bytes.subarray(4), b0 === 0);
    }
    if ((b0 === 0xfe && b1 === 0xff) || (b0 === 0xff && b1 === 0xfe)) {
      return new TextDecoder(b0 === 0xfe ? 'utf-16be' : 'utf-16le', { fatal: true }).decode(bytes);
    }
    if (bytes.length >= 4 && b0 === 0) return b1 ? utf16(bytes, 'utf-16be') : decodeUtf32(bytes, true);
    if (bytes.length >= 4 && b1 === 0) return b2 || b3 ? utf16(bytes, 'utf-16le') : decodeUtf32(bytes, false);
    if (bytes.length === 2 && b0 === 0) return utf16(bytes, 'utf-16be');
    if (bytes.length === 2 && b1 === 0) return utf16(bytes, 'utf-16le');
    // TextDecoder drops a leading UTF-8 BOM, as the 'utf-8-sig' codec does.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const utf16 = (bytes: Uint8Array, label: 'utf-16be' | 'utf-16le') =>
  new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);

function decodeUtf32(bytes: Uint8Array, bigEndian: boolean): string {
  if (bytes.length % 4 !== 0) throw new RangeError('truncated UTF-32');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let out = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const cp = view.getUint32(i, !bigEndian);
    if (cp > 0x10ffff) throw new RangeError('invalid UTF-32');
    out += String.fromCodePoint(cp);
  }
  return out;
}

export type BodyRead =
  | { kind: 'value'; value: unknown } // undefined: no body
  | { kind: 'invalid'; errors: ValidationItem[] } // 422
  | { kind: 'unreadable' }; // 400 {"detail": "There was an error parsing the body"}

/**
 * Reads a request body as FastAPI does: no bytes means no body; a JSON content type means
 * `json.loads` (whitespace only is already "Expecting value"); another content type leaves the
 * text for the model, which then refuses it as not an object.
 */
export function readBody(raw: Uint8Array | string | undefined, contentType: string | undefined): BodyRead {
  if (raw === undefined || raw.length === 0) return { kind: 'value', value: undefined };
  let text = typeof raw === 'string' ? raw : decodeJsonBytes(raw);
  if (text === null) return { kind: 'unreadable' };
  if (!isJsonContentType(contentType)) return { kind: 'value', value: text };
  if (typeof raw === 'string' && text.startsWith('\ufeff')) text = text.slice(1);
  const parsed = loadsLikePython(text);
  if (parsed.ok) return { kind: 'value', value: parsed.value };
  if (parsed.error === null) return { kind: 'unreadable' };
  return { kind: 'invalid', errors: [jsonInvalidItem(parsed.error)] };
}

/**
 * The whole JSON-body path of a FastAPI endpoint with one body model: read, then `missing` for
 * no body or `null`, then the model (a non-object is `model_attributes_type` at `["body"]`).
 */
export function validateBody(
  schema: TSchema,
  raw: Uint8Array | string | undefined,
  contentType: string | undefined,
  options: ValidateOptions = {},
): { ok: true; value: unknown } | { ok: false; status: 422; errors: ValidationItem[] } | { ok: false; status: 400 } {
  const read = readBody(raw, contentType);
  if (read.kind === 'unreadable') return { ok: false, status: 400 };
  if (read.kind === 'invalid') return { ok: false, status: 422, errors: read.errors };
  if (read.value === undefined || read.value === null) return { ok: false, status: 422, errors: [missingBodyItem()] };
  const result = validate(schema, read.value, ['body'], options);
  return result.ok ? result : { ok: false, status: 422, errors: result.errors };
}
