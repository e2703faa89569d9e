// General RFC 4180 record reader: quoted fields with "" escapes, commas and line breaks inside
// quotes, CRLF or LF. It copies every field, so the converter uses it only for the header and
// for the rare data rows that contain a quote; plain rows take the in-place scanner.
import { COMMA, CR, LF, QUOTE } from './ascii.ts';
import { TelematicsCsvError } from './errors.ts';

export interface RawField {
  /** Field content with quotes removed and "" unescaped. */
  bytes: Uint8Array;
  /** Physical line where the field starts. */
  line: number;
}

export interface RawRecord {
  fields: RawField[];
  /** Index just after the record's line break. */
  end: number;
  /** Physical line following the record. */
  nextLine: number;
}

type ColumnName = (index: number) => string | null;

function syntaxError(line: number, column: string | null, problem: string): TelematicsCsvError {
  return new TelematicsCsvError('csv_syntax', line, column, problem);
}

/**
 * Reads one record starting at `start`. Returns null when the record does not end before `end`
 * and more input may follow (`final` false). `final` input must end with a line feed.
 */
export function readRecord(
  bytes: Uint8Array,
  start: number,
  end: number,
  firstLine: number,
  final: boolean,
  columnName: ColumnName,
): RawRecord | null {
  const fields: RawField[] = [];
  let p = start;
  let line = firstLine;
  for (;;) {
    if (p >= end) return null;
    const fieldLine = line;
    let content: Uint8Array;
    if (bytes[p] === QUOTE) {
      const quoted = readQuoted(bytes, p + 1, end, final, fieldLine, columnName(fields.length));
      if (quoted === null) return null;
      content = quoted.content;
      line += quoted.lineBreaks;
      p = quoted.end;
      const after = bytes[p];
      if (after !== COMMA && after !== LF && after !== CR) {
        throw syntaxError(line, columnName(fields.length), 'unexpected character after a closing quote');
      }
    } else {
      const from = p;
      let b = bytes[p];
      while (b !== COMMA && b !== LF && b !== CR) {
        if (b === QUOTE) throw syntaxError(line, columnName(fields.length), 'a quote inside an unquoted value');
        if (++p >= end) return null;
        b = bytes[p];
      }
      content = bytes.slice(from, p);
    }
    fields.push({ bytes: content, line: fieldLine });
    const b = bytes[p];
    if (b === COMMA) {
      p++;
      continue;
    }
    if (b === LF) return { fields, end: p + 1, nextLine: line + 1 };
    if (p + 1 >= end) return null; // a CR whose LF has not arrived yet
    if (bytes[p + 1] !== LF) throw syntaxError(line, null, 'a carriage return not followed by a line feed');
    return { fields, end: p + 2, nextLine: line + 1 };
  }
}

interface QuotedContent {
  content: Uint8Array;
  end: number;
  lineBreaks: number;
}

/** Reads from just after an opening quote to just after the closing quote. */
function readQuoted(
  bytes: Uint8Array,
  from: number,
  end: number,
  final: boolean,
  line: number,
  column: string | null,
): QuotedContent | null {
  const parts: Uint8Array[] = [];
  let segment = from;
  let p = from;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, p);
    if (quote < 0 || quote >= end || quote + 1 >= end) {
      if (final) throw syntaxError(line, column, 'a quoted value is never closed');
      return null;
    }
    if (bytes[quote + 1] === QUOTE) {
      parts.push(bytes.subarray(segment, quote + 1)); // keep one quote of the "" pair
      p = segment = quote + 2;
      continue;
    }
    parts.push(bytes.subarray(segment, quote));
    const content = parts.length === 1 ? parts[0].slice() : joinParts(parts);
    return { content, end: quote + 1, lineBreaks: countLineFeeds(bytes, from, quote) };
  }
}

function joinParts(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

function countLineFeeds(bytes: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let i = bytes.indexOf(LF, from); i >= 0 && i < to; i = bytes.indexOf(LF, i + 1)) count++;
  return count;
}
