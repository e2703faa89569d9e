// How pydantic-core renders values inside its messages: Python reprs for expected literals, Rust's
// float Display for numeric bounds, and the English plural it appends to lengths.

/** Python's `repr()` of a str: single quotes unless only double quotes avoid escaping. */
export function pyRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of value) {
    const cp = ch.codePointAt(0) as number;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (cp < 0x20 || cp === 0x7f || (cp > 0x7f && NOT_PRINTABLE.test(ch))) out += escapeCodePoint(cp);
    else out += ch;
  }
  return out + quote;
}

// Python's str.isprintable() is false for these Unicode categories (the space itself is printable).
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

function escapeCodePoint(cp: number): string {
  if (cp <= 0xff) return '\\x' + cp.toString(16).padStart(2, '0');
  if (cp <= 0xffff) return '\\u' + cp.toString(16).padStart(4, '0');
  return '\\U' + cp.toString(16).padStart(8, '0');
}

/** pydantic's list of expected values: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function expectedList(values: readonly unknown[]): string {
  const reprs = values.map(pyValueRepr);
  if (reprs.length <= 1) return reprs.join('');
  return `${reprs.slice(0, -1).join(', ')} or ${reprs[reprs.length - 1]}`;
}

/** Python repr of a JSON scalar (the kinds a Literal or an Enum can hold). */
export function pyValueRepr(value: unknown): string {
  if (typeof value === 'string') return pyRepr(value);
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : pyFloatRepr(value);
  return String(value);
}

/** Python's `repr(float)`: shortest round-trip digits, `.0` on integral values, exponent past 1e16. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  // toExponential() without digits gives the shortest round-trip digits, as repr() does.
  const [mantissa, exp] = x.toExponential().split('e');
  const exponent = Number(exp);
  if (exponent < -4 || exponent >= 16) {
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const fixed = rustFloatDisplay(x);
  return fixed.includes('.') ? fixed : `${fixed}.0`;
}

/**
 * Rust's `Display` for f64, which pydantic-core uses for `ge`/`le`/`gt`/`lt` in messages:
 * shortest round-trip digits, never an exponent, no `.0` on integral values (`-125`, `49.384358`).
 */
export function rustFloatDisplay(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0';
  const s = String(x);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const exponent = Number(s.slice(e + 1));
  let mantissa = s.slice(0, e);
  const sign = mantissa.startsWith('-') ? '-' : '';
  if (sign) mantissa = mantissa.slice(1);
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** pydantic-core's `plural_s`: `1 item`, `2 items`, `0 items`. */
export function pluralS(n: number): string {
  return n === 1 ? '' : 's';
}
