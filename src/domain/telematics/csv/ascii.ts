// Byte values the CSV scanner compares against. Plain numbers (not an enum) so V8 folds them.
export const LF = 10;
export const CR = 13;
export const TAB = 9;
export const SPACE = 32;
export const QUOTE = 34;
export const PLUS = 43;
export const COMMA = 44;
export const MINUS = 45;
export const DOT = 46;
export const ZERO = 48;
export const COLON = 58;

/** Text of an ASCII/Latin-1 byte range; only used on error and rare paths. */
export function latin1(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i]);
  return text;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');

/** Strict UTF-8 decode; returns null on invalid bytes so the caller can name the rule. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Decode for display in an error message, where a replacement character is fine. */
export function decodeForMessage(bytes: Uint8Array): string {
  return utf8Lenient.decode(bytes);
}

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
