// pydantic v2's lax validators for the scalar fields roadrisk declares (str, float, int, bool,
// str-Enum, Literal, None), with pydantic-core's error types, messages and context. The input is
// what CPython's json.loads produced, i.e. pydantic's "Python input" path, which FastAPI uses.
import { expectedList, pluralS, rustFloatDisplay } from './format.ts';

/** An error before it is placed: the walker adds `loc` and `input`. */
export interface Issue {
  type: string;
  msg: string;
  ctx?: Record<string, unknown>;
}

export type Checked = { ok: true; value: unknown } | { ok: false; issue: Issue };

const ok = (value: unknown): Checked => ({ ok: true, value });
const bad = (type: string, msg: string, ctx?: Record<string, unknown>): Checked => ({
  ok: false,
  issue: ctx ? { type, msg, ctx } : { type, msg },
});

/**
 * validation-errors.md lists a bool given to a number field as `float_type`, and roadrisk follows
 * that contract. pydantic 2.x itself, in lax mode, reads `true`/`false` as 1/0 for float and int
 * fields; set this to true to match it instead.
 */
export const BOOL_IS_NUMBER = false;

type SchemaLike = Record<string, unknown>;

export function checkString(schema: SchemaLike, input: unknown): Checked {
  if (typeof input !== 'string') return bad('string_type', 'Input should be a valid string');
  // pydantic-core checks one constraint at a time and reports only the first that fails.
  const minLength = schema.minLength as number | undefined;
  const maxLength = schema.maxLength as number | undefined;
  if (minLength !== undefined || maxLength !== undefined) {
    const length = codePointLength(input);
    if (minLength !== undefined && length < minLength) {
      return bad('string_too_short', `String should have at least ${minLength} character${pluralS(minLength)}`, {
        min_length: minLength,
      });
    }
    if (maxLength !== undefined && length > maxLength) {
      return bad('string_too_long', `String should have at most ${maxLength} character${pluralS(maxLength)}`, {
        max_length: maxLength,
      });
    }
  }
  const pattern = schema.pattern as string | undefined;
  if (pattern !== undefined && !compilePattern(pattern).test(input)) {
    return bad('string_pattern_mismatch', `String should match pattern '${pattern}'`, { pattern });
  }
  return ok(input);
}

function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
}

const patterns = new Map<string, RegExp>();

/** pydantic uses Rust's regex with `is_match`: a search, not a full match; Unicode-aware. */
function compilePattern(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = new RegExp(pattern);
    }
    patterns.set(pattern, re);
  }
  return re;
}

// Rust's `str::trim` strips Unicode White_Space (which differs from JS `trim` on U+FEFF, U+0085).
const RUST_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const RUST_TRIM = new RegExp(`^${RUST_SPACE}+|${RUST_SPACE}+$`, 'gu');
export const rustTrim = (s: string): string => s.replace(RUST_TRIM, '');

// Rust's `f64::from_str` grammar; inf/infinity/nan in any case.
const RUST_FLOAT = /^[+-]?(?:inf|infinity|nan|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?)$/i;

function rustParseFloat(s: string): number | null {
  if (!RUST_FLOAT.test(s)) return null;
  const body = s.replace(/^[+-]/, '').toLowerCase();
  const negative = s.startsWith('-');
  if (body === 'nan') return NaN;
  if (body === 'inf' || body === 'infinity') return negative ? -Infinity : Infinity;
  return Number(s);
}

/** pydantic-core's `str_as_float`: trimmed Rust syntax, else underscores between digits removed. */
export function strAsFloat(s: string): number | null {
  const direct = rustParseFloat(rustTrim(s));
  if (direct !== null) return direct;
  if (s.startsWith('_') || s.endsWith('_') || s.includes('__')) return null;
  return rustParseFloat(s.replaceAll('_', ''));
}

export function checkNumber(schema: SchemaLike, input: unknown): Checked {
  let value: number;
  if (typeof input === 'number') value = input;
  else if (typeof input === 'string') {
    const parsed = strAsFloat(input);
    if (parsed === null) return bad('float_parsing', 'Input should be a valid number, unable to parse string as a number');
    value = parsed;
  } else if (typeof input === 'boolean' && BOOL_IS_NUMBER) value = input ? 1 : 0;
  else return bad('float_type', 'Input should be a valid number');
  return checkBounds(schema, value, rustFloatDisplay);
}

/** pydantic-core's `str_as_int`: trimmed, optional `+`, digits with single underscores, `.0+` allowed. */
export function strAsInt(s: string): number | null {
  const t = rustTrim(s);
  if (!/^[+-]?[0-9]+(?:_[0-9]+)*(?:\.0+)?$/.test(t)) return null;
  return Number(t.replace(/^\+/, '').replaceAll('_', '').replace(/\.0+$/, ''));
}

export function checkInteger(schema: SchemaLike, input: unknown): Checked {
  let value: number;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return bad('finite_number', 'Input should be a finite number');
    if (!Number.isInteger(input)) {
      return bad('int_from_float', 'Input should be a valid integer, got a number with a fractional part');
    }
    // A float beyond i64 cannot become an int; JSON writes such floats with an exponent (1e+21),
    // while smaller whole numbers reach Python as ints of any size.
    if (Math.abs(input) >= 1e21) {
      return bad('int_parsing_size', 'Unable to parse input string as an integer, exceeded maximum size');
    }
    value = input;
  } else if (typeof input === 'string') {
    const parsed = strAsInt(input);
    if (parsed === null) return bad('int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
    value = parsed;
  } else if (typeof input === 'boolean' && BOOL_IS_NUMBER) value = input ? 1 : 0;
  else return bad('int_type', 'Input should be a valid integer');
  return checkBounds(schema, value, String);
}

/**
 * Bounds in pydantic-core's order (multiple_of, le, lt, ge, gt); NaN fails the first present,
 * since it compares neither below nor above. The message prints the bound the Rust way.
 */
function checkBounds(schema: SchemaLike, value: number, show: (n: number) => string): Checked {
  const multipleOf = schema.multipleOf as number | undefined;
  if (multipleOf !== undefined) {
    const rem = value % multipleOf;
    const threshold = Math.abs(value) / 1e9;
    if (!(Math.abs(rem) <= threshold) && !(Math.abs(rem - multipleOf) <= threshold)) {
      return bad('multiple_of', `Input should be a multiple of ${show(multipleOf)}`, { multiple_of: multipleOf });
    }
  }
  const le = schema.maximum as number | undefined;
  if (le !== undefined && !(value <= le)) {
    return bad('less_than_equal', `Input should be less than or equal to ${show(le)}`, { le });
  }
  const lt = schema.exclusiveMaximum as number | undefined;
  if (typeof lt === 'number' && !(value < lt)) return bad('less_than', `Input should be less than ${show(lt)}`, { lt });
  const ge = schema.minimum as number | undefined;
  if (ge !== undefined && !(value >= ge)) {
    return bad('greater_than_equal', `Input should be greater than or equal to ${show(ge)}`, { ge });
  }
  const gt = schema.exclusiveMinimum as number | undefined;
  if (typeof gt === 'number' && !(value > gt)) {
    return bad('greater_than', `Input should be greater than ${show(gt)}`, { gt });
  }
  return ok(value);
}

const TRUE_WORDS = new Set(['1', 't', 'y', 'on', 'yes', 'true']);
const FALSE_WORDS = new Set(['0', 'f', 'n', 'no', 'off', 'false']);

export function checkBoolean(input: unknown): Checked {
  if (typeof input === 'boolean') return ok(input);
  const parsing = () => bad('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
  if (typeof input === 'string') {
    // pydantic compares ASCII-case-insensitively and does not trim.
    const word = input.replace(/[A-Z]/g, (c) => c.toLowerCase());
    if (TRUE_WORDS.has(word)) return ok(true);
    if (FALSE_WORDS.has(word)) return ok(false);
    return parsing();
  }
  // Whole numbers within i64 are read as ints; others fail pydantic's float-to-int step.
  if (typeof input === 'number' && Number.isInteger(input) && Math.abs(input) < 2 ** 63) {
    if (input === 0 || input === 1) return ok(input === 1);
    return parsing();
  }
  return bad('bool_type', 'Input should be a valid boolean');
}

/** A str-Enum: only an exact str member passes; anything else (an int too) is `enum`. */
export function checkEnum(values: readonly unknown[], input: unknown): Checked {
  if (values.some((v) => v === input)) return ok(input);
  const expected = expectedList(values);
  return bad('enum', `Input should be ${expected}`, { expected });
}

/** `Literal[...]`: the value must equal one of the literals (bools never equal numbers). */
export function checkLiteral(values: readonly unknown[], input: unknown): Checked {
  if (values.some((v) => v === input)) return ok(input);
  const expected = expectedList(values);
  return bad('literal_error', `Input should be ${expected}`, { expected });
}

export function checkNull(input: unknown): Checked {
  return input === null ? ok(null) : bad('none_required', 'Input should be None');
}
