// Request validation that answers exactly as FastAPI + pydantic v2 do (validation-errors.md).
//
// Why hand-written: no JSON Schema validator produces pydantic's error items. Ajv and TypeBox's
// `Value.Errors` report JSON Schema keywords, stop or branch differently, and do not coerce the
// way pydantic's lax mode does ("37.5" is a number, a bare date is a datetime, numbers are not
// strings); mapping their output would still need every rule below. So this walks the route
// schemas (TypeBox objects, which also feed the OpenAPI document) with pydantic-core's semantics:
// all errors, fields in declaration order, list items in index order, pydantic's types, messages
// and context. Checked against pydantic 2.13 / pydantic-core 2.46 (see the golden tests).
//
// Interpretations, where pydantic's behaviour had to be placed on roadrisk's contract:
// - A non-object where a model is expected is `model_attributes_type` ("...object to extract
//   fields from") at the body root *and* for nested models: FastAPI validates with
//   `from_attributes=True`, under which pydantic-core never produces `model_type`/`dict_type`.
// - A missing field's `input` is the enclosing object; for path/query/header parameters (loc root
//   `path`, `query`, `header`, `cookie`) it is null, as FastAPI checks those one by one.
// - Dates (`format: 'date'`) follow decisions §6: a date-time's date part is used instead of
//   pydantic's `date_from_datetime_inexact`. Date-time and date values pass on unchanged (the
//   domain reads them with `parseDateTimeLax` / `datePart`).
// - A union of models is resolved by key overlap (decisions §5): the member sharing most keys
//   with the input (ties: the first) is the one validated and reported, without pydantic's
//   per-member locs; a non-object input goes to the first member accepting it (else the first).
//   A union of literals is one `Literal`; `X | null` is pydantic's nullable.
// - `x-unique-by: <key>` on an array reports each repeated key as a `value_error` on that item's
//   field, and only once the list itself is valid (pydantic runs validators after the fields).
// - A bool given to a number field is `float_type`, as the contract says (see BOOL_IS_NUMBER).
import { Type, type SchemaOptions, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { pluralS, pyValueRepr } from './format.ts';
import {
  checkBoolean,
  checkEnum,
  checkInteger,
  checkLiteral,
  checkNull,
  checkNumber,
  checkString,
  type Checked,
} from './scalars.ts';
import { checkDate, checkDateTime } from './temporal.ts';

export { datePart, parseDateTimeLax } from './temporal.ts';

export type Loc = (string | number)[];

export interface ValidationItem {
  type: string;
  loc: Loc;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export type ValidationResult = { ok: true; value: unknown } | { ok: false; errors: ValidationItem[] };

/** A rule failure reported as pydantic reports a `ValueError` raised in a validator. */
export interface RefinementIssue {
  message: string;
  /** Where, relative to the refined node (default: the node itself). */
  path?: Loc;
  /** The offending input (default: the received value at `path`). */
  input?: unknown;
}

/**
 * A custom rule, run like a pydantic after-validator: only once the node at `at` (a path from
 * the validated root; `'*'` matches any list index) validated without errors. It receives the
 * validated value and returns its failures (none: an empty list).
 */
export interface Refinement {
  at: ReadonlyArray<string | number>;
  check: (value: unknown) => ReadonlyArray<RefinementIssue>;
}

export interface ValidateOptions {
  refinements?: ReadonlyArray<Refinement>;
  /** `input` of a top-level `missing`: the enclosing object (JSON bodies) or null (parameters). */
  missingInput?: 'enclosing' | 'null';
}

/** A str-Enum as pydantic writes it in JSON Schema (`{type: 'string', enum: [...]}`). */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

const PARAMETER_ROOTS = new Set(['path', 'query', 'header', 'cookie']);

/** Validates `input` against `schema`; error locs start with `loc`. Never throws on any input. */
export function validate(schema: TSchema, input: unknown, loc: Loc, options: ValidateOptions = {}): ValidationResult {
  const missingInput = options.missingInput ?? (PARAMETER_ROOTS.has(String(loc[0])) ? 'null' : 'enclosing');
  const walk: Walk = { errors: [], prefix: [...loc], refinements: options.refinements ?? [], missingInput };
  const result = visit(walk, schema as Schema, input, []);
  return walk.errors.length === 0 ? { ok: true, value: result.value } : { ok: false, errors: walk.errors };
}

type Schema = Record<string, unknown>;

interface Walk {
  errors: ValidationItem[];
  prefix: Loc;
  refinements: ReadonlyArray<Refinement>;
  missingInput: 'enclosing' | 'null';
}

type Visited = { ok: boolean; value: unknown };
const FAILED: Visited = { ok: false, value: undefined };

function visit(walk: Walk, schema: Schema, input: unknown, path: Loc): Visited {
  const before = walk.errors.length;
  const visited = visitNode(walk, schema, input, path);
  if (!visited.ok || walk.errors.length !== before) return FAILED;
  return refine(walk, input, visited.value, path) ? visited : FAILED;
}

function visitNode(walk: Walk, schema: Schema, input: unknown, path: Loc): Visited {
  if (Array.isArray(schema.anyOf)) return visitUnion(walk, schema.anyOf as Schema[], input, path);
  if ('const' in schema) return report(walk, checkLiteral([schema.const], input), input, path);
  if (Array.isArray(schema.enum)) return report(walk, checkEnum(schema.enum, input), input, path);
  switch (schema.type) {
    case 'object':
      return visitObject(walk, schema, input, path);
    case 'array':
      return visitArray(walk, schema, input, path);
    case 'string':
      if (schema.format === 'date-time') return report(walk, checkDateTime(input), input, path);
      if (schema.format === 'date') return report(walk, checkDate(input), input, path);
      return report(walk, checkString(schema, input), input, path);
    case 'number':
      return report(walk, checkNumber(schema, input), input, path);
    case 'integer':
      return report(walk, checkInteger(schema, input), input, path);
    case 'boolean':
      return report(walk, checkBoolean(input), input, path);
    case 'null':
      return report(walk, checkNull(input), input, path);
    default:
      return { ok: true, value: input }; // Type.Any / Type.Unknown
  }
}

function report(walk: Walk, checked: Checked, input: unknown, path: Loc): Visited {
  if (checked.ok) return { ok: true, value: checked.value };
  pushItem(walk, checked.issue.type, path, checked.issue.msg, input, checked.issue.ctx);
  return FAILED;
}

function pushItem(walk: Walk, type: string, path: Loc, msg: string, input: unknown, ctx?: Record<string, unknown>) {
  const item: ValidationItem = { type, loc: [...walk.prefix, ...path], msg, input };
  if (ctx) item.ctx = ctx;
  walk.errors.push(item);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

function visitObject(walk: Walk, schema: Schema, input: unknown, path: Loc): Visited {
  if (!isPlainObject(input)) {
    pushItem(walk, 'model_attributes_type', path, 'Input should be a valid dictionary or object to extract fields from', input);
    return FAILED;
  }
  const { properties, entries, required } = objectShape(schema);
  const out: Record<string, unknown> = {};
  for (const [key, property] of entries) {
    if (hasOwn(input, key)) {
      const field = visit(walk, property, input[key], [...path, key]);
      if (field.ok) setOwn(out, key, field.value);
    } else if ('default' in property) {
      setOwn(out, key, structuredClone(property.default));
    } else if (required.has(key)) {
      const enclosing = walk.missingInput === 'null' && path.length === 0 ? null : input;
      pushItem(walk, 'missing', [...path, key], 'Field required', enclosing);
    }
  }
  // pydantic's default ignores unknown keys; a schema that allows them keeps them, unvalidated.
  if (schema.additionalProperties === true) {
    for (const key of Object.keys(input)) if (!hasOwn(properties, key)) setOwn(out, key, input[key]);
  }
  return { ok: true, value: out };
}

interface ObjectShape {
  properties: Record<string, Schema>;
  entries: [string, Schema][];
  required: Set<string>;
}
/** Per object schema, read once: every vehicle of every request visits the same few schemas. */
const shapes = new WeakMap<Schema, ObjectShape>();
function objectShape(schema: Schema): ObjectShape {
  let shape = shapes.get(schema);
  if (!shape) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    shape = { properties, entries: Object.entries(properties), required: new Set((schema.required ?? []) as string[]) };
    shapes.set(schema, shape);
  }
  return shape;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  // Plain assignment creates the same own property, and is several times cheaper, for every key
  // but "__proto__" (the one setter on Object.prototype), which must not replace the prototype.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function visitArray(walk: Walk, schema: Schema, input: unknown, path: Loc): Visited {
  if (!Array.isArray(input)) {
    pushItem(walk, 'list_type', path, 'Input should be a valid list', input);
    return FAILED;
  }
  const length = input.length;
  const maxItems = schema.maxItems as number | undefined;
  // pydantic-core counts items as it validates them and stops at the first one too many,
  // dropping item errors found so far: a too-long list reports only `too_long`.
  if (maxItems !== undefined && length > maxItems) {
    const msg = `List should have at most ${maxItems} item${pluralS(maxItems)} after validation, not ${length}`;
    pushItem(walk, 'too_long', path, msg, input, { field_type: 'List', max_length: maxItems, actual_length: length });
    return FAILED;
  }
  const itemSchema = (schema.items ?? {}) as Schema;
  const values: unknown[] = [];
  let itemsOk = true;
  input.forEach((item, index) => {
    const visited = visit(walk, itemSchema, item, [...path, index]);
    itemsOk &&= visited.ok;
    values.push(visited.value);
  });
  if (!itemsOk) return FAILED;
  const minItems = schema.minItems as number | undefined;
  if (minItems !== undefined && length < minItems) {
    const msg = `List should have at least ${minItems} item${pluralS(minItems)} after validation, not ${length}`;
    pushItem(walk, 'too_short', path, msg, input, { field_type: 'List', min_length: minItems, actual_length: length });
    return FAILED;
  }
  const uniqueBy = schema['x-unique-by'];
  if (typeof uniqueBy === 'string' && !checkUnique(walk, uniqueBy, input, values, path)) return FAILED;
  return { ok: true, value: values };
}

function checkUnique(walk: Walk, key: string, input: unknown[], values: unknown[], path: Loc): boolean {
  const seen = new Set<string>();
  let unique = true;
  values.forEach((value, index) => {
    if (!isPlainObject(value) || !hasOwn(value, key)) return;
    const id = JSON.stringify(value[key]) ?? String(value[key]);
    if (!seen.has(id)) {
      seen.add(id);
      return;
    }
    unique = false;
    const message = `duplicate ${key} ${pyValueRepr(value[key])}`;
    const raw = (input[index] as Record<string, unknown>)[key];
    pushItem(walk, 'value_error', [...path, index, key], `Value error, ${message}`, raw, { error: message });
  });
  return unique;
}

function visitUnion(walk: Walk, members: Schema[], input: unknown, path: Loc): Visited {
  const nonNull = members.filter((m) => m.type !== 'null' || 'const' in m || Array.isArray(m.anyOf));
  if (nonNull.length < members.length && input === null) return { ok: true, value: null };
  if (nonNull.length === 0) return report(walk, checkNull(input), input, path);
  if (nonNull.every((m) => 'const' in m)) {
    return report(walk, checkLiteral(nonNull.map((m) => m.const), input), input, path);
  }
  if (nonNull.length === 1) return visit(walk, nonNull[0], input, path);
  if (!isPlainObject(input)) {
    // A scalar member may take a non-object input (`str | float`): the first that does wins.
    for (const member of nonNull) {
      const trial: Walk = { ...walk, errors: [] };
      const visited = visit(trial, member, input, path);
      if (visited.ok && trial.errors.length === 0) return visited;
    }
  }
  return visit(walk, pickMember(nonNull, input), input, path);
}

/** decisions §5: the member sharing most keys with the input; ties and non-objects: the first. */
function pickMember(members: Schema[], input: unknown): Schema {
  if (!isPlainObject(input)) return members[0];
  const keys = Object.keys(input);
  let best = members[0];
  let bestShared = -1;
  for (const member of members) {
    const properties = isPlainObject(member.properties) ? member.properties : {};
    const shared = keys.filter((key) => hasOwn(properties, key)).length;
    if (shared > bestShared) {
      best = member;
      bestShared = shared;
    }
  }
  return best;
}

function refine(walk: Walk, input: unknown, value: unknown, path: Loc): boolean {
  let clean = true;
  for (const refinement of walk.refinements) {
    if (!matches(refinement.at, path)) continue;
    for (const issue of refinement.check(value)) {
      clean = false;
      const where = issue.path ?? [];
      const raw = 'input' in issue ? issue.input : inputAt(input, where);
      pushItem(walk, 'value_error', [...path, ...where], `Value error, ${issue.message}`, raw, { error: issue.message });
    }
  }
  return clean;
}

function matches(pattern: ReadonlyArray<string | number>, path: Loc): boolean {
  return pattern.length === path.length && pattern.every((p, i) => p === path[i] || (p === '*' && typeof path[i] === 'number'));
}

function inputAt(input: unknown, where: Loc): unknown {
  let node = input;
  for (const step of where) {
    if (typeof node !== 'object' || node === null || !hasOwn(node, String(step))) return node;
    node = (node as Record<string, unknown>)[String(step)];
  }
  return node;
}
