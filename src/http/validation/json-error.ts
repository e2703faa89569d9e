// JSON bodies read as FastAPI reads them: `json.loads` on the raw bytes, a `JSONDecodeError`
// answered with pydantic-style `json_invalid` (fastapi/routing.py: loc ("body", e.pos),
// ctx {"error": e.msg}, input {}), any other decoding failure with a 400.
//
// JSON.parse is the fast path. When it refuses a body, this re-scans it as CPython's C scanner
// (Modules/_json.c) does, to find the same message and the same position: a Python str index,
// i.e. a count of code points. Messages are those of CPython 3.13+, which names trailing commas
// ("Illegal trailing comma before end of object/array"); 3.12 and earlier said "Expecting value"
// or "Expecting property name enclosed in double quotes" there.
//
// CPython also accepts NaN, Infinity and -Infinity, which JSON.parse refuses: they are accepted
// here too, so a request FastAPI would take is taken. pydantic then refuses them against any
// bound (`less_than_equal`, ...); FastAPI itself would crash on writing that 422 (Starlette
// serialises with allow_nan=False), roadrisk answers it with `"input": null`.
import type { ValidationItem } from './pydantic.ts';

export interface JsonDecodeError {
  msg: string;
  /** Index in code points (Python str positions), not UTF-16 units or bytes. */
  pos: number;
}

/** `error: null`: not a JSONDecodeError (nesting too deep), which FastAPI answers with a 400. */
export type PythonJson = { ok: true; value: unknown } | { ok: false; error: JsonDecodeError | null };

/** `json.loads(text)`: the value, or the JSONDecodeError CPython would raise. */
export function loadsLikePython(text: string): PythonJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return new Scanner(text, false).decode();
  }
}

export interface CPythonOptions {
  /** Messages of CPython before 3.13, which had no trailing-comma message. */
  before313?: boolean;
}

/** The JSONDecodeError CPython raises for `text`, or null if CPython accepts it. */
export function jsonDecodeError(text: string, options: CPythonOptions = {}): JsonDecodeError | null {
  const result = new Scanner(text, options.before313 ?? false).decode();
  return result.ok ? null : result.error ?? { msg: 'Expecting value', pos: 0 };
}

/** FastAPI's item for a body json.loads refused; given the text, or the error already found. */
export function jsonInvalidItem(source: string | JsonDecodeError): ValidationItem {
  const error = typeof source === 'string' ? jsonDecodeError(source) ?? { msg: 'Expecting value', pos: 0 } : source;
  return { type: 'json_invalid', loc: ['body', error.pos], msg: 'JSON decode error', input: {}, ctx: { error: error.msg } };
}

class StopIteration {
  constructor(readonly pos: number) {}
}
class DecodeFailure {
  constructor(readonly error: JsonDecodeError | null) {}
}

const MAX_DEPTH = 1000;
const isWhitespace = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number | undefined): c is number => c !== undefined && c >= 0x30 && c <= 0x39;
const ch = (s: string) => s.codePointAt(0) as number;

class Scanner {
  private readonly cps: number[] = [];
  private depth = 0;

  constructor(
    text: string,
    private readonly before313: boolean,
  ) {
    for (const c of text) this.cps.push(c.codePointAt(0) as number);
  }

  decode(): PythonJson {
    try {
      const start = this.skip(0);
      let value: unknown;
      let end: number;
      try {
        [value, end] = this.scanOnce(start);
      } catch (e) {
        if (e instanceof StopIteration) this.fail('Expecting value', e.pos);
        throw e;
      }
      end = this.skip(end);
      if (end !== this.cps.length) this.fail('Extra data', end);
      return { ok: true, value };
    } catch (e) {
      if (e instanceof DecodeFailure) return { ok: false, error: e.error };
      if (e instanceof StopIteration) return { ok: false, error: { msg: 'Expecting value', pos: e.pos } };
      if (e instanceof RangeError) return { ok: false, error: null }; // stack exhausted: as RecursionError
      throw e;
    }
  }

  private fail(msg: string, pos: number): never {
    throw new DecodeFailure({ msg, pos });
  }

  private skip(idx: number): number {
    while (isWhitespace(this.cps[idx])) idx += 1;
    return idx;
  }

  private matchWord(idx: number, word: string): boolean {
    if (idx + word.length > this.cps.length) return false;
    for (let i = 0; i < word.length; i += 1) if (this.cps[idx + i] !== word.charCodeAt(i)) return false;
    return true;
  }

  /** `scan_once_unicode`: one value at idx; StopIteration(idx) when none starts there. */
  private scanOnce(idx: number): [unknown, number] {
    if (idx >= this.cps.length) throw new StopIteration(idx);
    switch (this.cps[idx]) {
      case ch('"'):
        return this.scanString(idx + 1);
      case ch('{'):
        return this.parseObject(idx + 1);
      case ch('['):
        return this.parseArray(idx + 1);
      case ch('n'):
        if (this.matchWord(idx, 'null')) return [null, idx + 4];
        break;
      case ch('t'):
        if (this.matchWord(idx, 'true')) return [true, idx + 4];
        break;
      case ch('f'):
        if (this.matchWord(idx, 'false')) return [false, idx + 5];
        break;
      case ch('N'):
        if (this.matchWord(idx, 'NaN')) return [NaN, idx + 3];
        break;
      case ch('I'):
        if (this.matchWord(idx, 'Infinity')) return [Infinity, idx + 8];
        break;
      case ch('-'):
        if (this.matchWord(idx, '-Infinity')) return [-Infinity, idx + 9];
        break;
    }
    return this.matchNumber(idx);
  }

  /** `_match_number_unicode`: -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?, backtracking a bare exponent. */
  private matchNumber(start: number): [unknown, number] {
    const cps = this.cps;
    const end = cps.length - 1;
    let idx = start;
    if (cps[idx] === ch('-')) {
      idx += 1;
      if (idx > end) throw new StopIteration(start);
    }
    if (cps[idx] >= ch('1') && cps[idx] <= ch('9')) {
      idx += 1;
      while (idx <= end && isDigit(cps[idx])) idx += 1;
    } else if (cps[idx] === ch('0')) {
      idx += 1;
    } else {
      throw new StopIteration(start);
    }
    if (idx < end && cps[idx] === ch('.') && isDigit(cps[idx + 1])) {
      idx += 2;
      while (idx <= end && isDigit(cps[idx])) idx += 1;
    }
    if (idx < end && (cps[idx] === ch('e') || cps[idx] === ch('E'))) {
      const eStart = idx;
      idx += 1;
      if (idx < end && (cps[idx] === ch('-') || cps[idx] === ch('+'))) idx += 1;
      while (idx <= end && isDigit(cps[idx])) idx += 1;
      if (!isDigit(cps[idx - 1])) idx = eStart;
    }
    return [Number(String.fromCodePoint(...cps.slice(start, idx))), idx];
  }

  /** `scanstring_unicode` in strict mode; `end` is the index after the opening quote. */
  private scanString(end: number): [string, number] {
    const cps = this.cps;
    const len = cps.length;
    const begin = end - 1;
    const out: number[] = [];
    for (;;) {
      let next = end;
      let c = 0;
      for (; next < len; next += 1) {
        c = cps[next];
        if (c === ch('"') || c === ch('\\')) break;
        if (c <= 0x1f) this.fail('Invalid control character at', next);
        out.push(c);
      }
      if (!(c === ch('"') || c === ch('\\')) || next >= len) this.fail('Unterminated string starting at', begin);
      next += 1;
      if (c === ch('"')) return [codePointsToString(out), next];
      if (next === len) this.fail('Unterminated string starting at', begin);
      c = cps[next];
      if (c !== ch('u')) {
        end = next + 1;
        const simple = SIMPLE_ESCAPES.get(c);
        if (simple === undefined) this.fail('Invalid \\escape', end - 2);
        out.push(simple);
        continue;
      }
      next += 1;
      end = next + 4;
      if (end >= len) this.fail('Invalid \\uXXXX escape', next - 1);
      let code = this.hex4(next, end);
      if (code >= 0xd800 && code <= 0xdbff && end + 6 < len && cps[end] === ch('\\') && cps[end + 1] === ch('u')) {
        const low = this.hex4(end + 2, end + 6);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          end += 6;
        }
      }
      out.push(code);
    }
  }

  private hex4(from: number, to: number): number {
    let value = 0;
    for (let i = from; i < to; i += 1) {
      const digit = parseInt(String.fromCodePoint(this.cps[i]), 16);
      if (Number.isNaN(digit) || !/[0-9a-fA-F]/.test(String.fromCodePoint(this.cps[i]))) {
        this.fail('Invalid \\uXXXX escape', to - 5);
      }
      value = value * 16 + digit;
    }
    return value;
  }

  private leave(value: unknown, next: number): [unknown, number] {
    this.depth -= 1;
    return [value, next];
  }

  /** CPython raises RecursionError (not a JSONDecodeError) near its recursion limit of 1000. */
  private enter(): void {
    if (++this.depth >= MAX_DEPTH) throw new DecodeFailure(null);
  }

  /** `_parse_object_unicode`, with 3.13's trailing-comma message at the comma. */
  private parseObject(start: number): [unknown, number] {
    this.enter();
    const cps = this.cps;
    const result: Record<string, unknown> = {};
    let idx = this.skip(start);
    if (cps[idx] === ch('}')) return this.leave(result, idx + 1);
    for (;;) {
      if (cps[idx] !== ch('"')) this.fail('Expecting property name enclosed in double quotes', idx);
      const [key, afterKey] = this.scanString(idx + 1);
      idx = this.skip(afterKey);
      if (cps[idx] !== ch(':')) this.fail("Expecting ':' delimiter", idx);
      const [value, afterValue] = this.scanOnce(this.skip(idx + 1));
      Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
      idx = this.skip(afterValue);
      if (cps[idx] === ch('}')) return this.leave(result, idx + 1);
      if (cps[idx] !== ch(',')) this.fail("Expecting ',' delimiter", idx);
      const comma = idx;
      idx = this.skip(idx + 1);
      if (cps[idx] === ch('}') && !this.before313) this.fail('Illegal trailing comma before end of object', comma);
    }
  }

  /** `_parse_array_unicode`, with 3.13's trailing-comma message at the comma. */
  private parseArray(start: number): [unknown, number] {
    this.enter();
    const cps = this.cps;
    const result: unknown[] = [];
    let idx = this.skip(start);
    if (cps[idx] === ch(']')) return this.leave(result, idx + 1);
    for (;;) {
      const [value, afterValue] = this.scanOnce(idx);
      result.push(value);
      idx = this.skip(afterValue);
      if (cps[idx] === ch(']')) return this.leave(result, idx + 1);
      if (cps[idx] !== ch(',')) this.fail("Expecting ',' delimiter", idx);
      const comma = idx;
      idx = this.skip(idx + 1);
      if (cps[idx] === ch(']') && !this.before313) this.fail('Illegal trailing comma before end of array', comma);
    }
  }
}

const SIMPLE_ESCAPES = new Map<number, number>([
  [ch('"'), ch('"')],
  [ch('\\'), ch('\\')],
  [ch('/'), ch('/')],
  [ch('b'), 0x08],
  [ch('f'), 0x0c],
  [ch('n'), 0x0a],
  [ch('r'), 0x0d],
  [ch('t'), 0x09],
]);

function codePointsToString(cps: number[]): string {
  let s = '';
  for (let i = 0; i < cps.length; i += 4096) s += String.fromCodePoint(...cps.slice(i, i + 4096));
  return s;
}
