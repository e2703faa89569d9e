// Decimal numbers parsed straight from bytes.
// Why not `Number(text)`: a string per value plus Number() costs ~1.9 s per GB of telematics CSV
// for the two coordinates alone (bench/telematics/builtin-cost.ts, RESULTS.md), two thirds of
// what the whole converter needs (~2.8 s per GB); this reads the digits once, in place.
//
// Accepted grammar (decision, see README.md here): optional sign, digits with an optional
// fraction (`37`, `-0.5`, `.5`, `5.`), optional exponent (`1e-3`, `2E+1`): the plain decimal
// forms Python's float() and pandas read. Rejected: hex, `inf`/`Infinity`, `_` digit
// separators (Python would take `1_000`; no GPS export writes it), thousands separators.
//
// Exactness: with at most 15 digits the mantissa is an exact double, and 10^k for k <= 22 is
// exact too, so one IEEE multiply or divide gives the correctly rounded value, the same double
// as `Number(text)` (Clinger's fast path). Anything longer falls back to Number().
import { latin1 } from './ascii.ts';

const EXACT_POWERS_OF_TEN = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);
const MAX_EXACT_DIGITS = 15;
const EXPONENT_CAP = 100_000; // beyond any double's range; stops the accumulator growing

/** Output slot shared with the caller, so the hot loop allocates nothing per value. */
export interface ParsedNumber {
  value: number;
}

/**
 * Parses a decimal at `start`. Returns the index just after it, or -1 when no valid number
 * starts there. The caller checks that a field terminator follows. Never reads past the first
 * byte that cannot continue a number, so a line feed after the field is a safe stop.
 */
export function parseDecimal(bytes: Uint8Array, start: number, out: ParsedNumber): number {
  // Local constants: V8 folds these, but not imported ones (see row-scanner.ts).
  const MINUS = 45, PLUS = 43, DOT = 46;
  let p = start;
  let b = bytes[p];
  const negative = b === MINUS;
  if (negative || b === PLUS) b = bytes[++p];
  const digitsStart = p;
  let mantissa = 0; // exact while at most 15 digits were read; otherwise the fallback decides
  while (b >= 48 && b <= 57) {
    mantissa = mantissa * 10 + (b - 48);
    b = bytes[++p];
  }
  let digits = p - digitsStart;
  let scale = 0;
  if (b === DOT) {
    const fractionStart = ++p;
    b = bytes[p];
    while (b >= 48 && b <= 57) {
      mantissa = mantissa * 10 + (b - 48);
      b = bytes[++p];
    }
    scale = p - fractionStart;
    digits += scale;
  }
  if (digits === 0) return -1;
  let exponent = 0;
  if (b === 101 || b === 69) {
    // e or E
    b = bytes[++p];
    const negativeExponent = b === MINUS;
    if (negativeExponent || b === PLUS) b = bytes[++p];
    if (!(b >= 48 && b <= 57)) return -1;
    while (b >= 48 && b <= 57) {
      if (exponent < EXPONENT_CAP) exponent = exponent * 10 + (b - 48);
      b = bytes[++p];
    }
    if (negativeExponent) exponent = -exponent;
  }
  const power = exponent - scale;
  let magnitude: number;
  if (digits <= MAX_EXACT_DIGITS && power >= -22 && power <= 22) {
    magnitude = power < 0 ? mantissa / EXACT_POWERS_OF_TEN[-power] : mantissa * EXACT_POWERS_OF_TEN[power];
  } else {
    // Long or extreme values (rare): grammar already checked, so Number() sees only what we
    // accept. The sign is applied below.
    magnitude = Number(latin1(bytes, digitsStart, p));
  }
  out.value = negative ? -magnitude : magnitude;
  return p;
}
