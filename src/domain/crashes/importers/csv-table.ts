// Streams a CSV source file as header + rows.
//
// Parsing is csv-parse's (quoted fields, BOM, and record-delimiter auto-discovery of "\n",
// "\r\n" and a bare "\r": the TIMS Oakland export uses CR-only line endings). Node has no bzip2,
// so `.bz2` files (the FARS copies here) go through unbzip2-stream.
// Rows come as arrays so that a short or long row is seen, not padded: the NYC extract ends in
// a row cut off after 7 of its 29 fields.

import { createReadStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import unbzip2 from 'unbzip2-stream';

export interface CsvRow {
  /** Field by (normalized) header name; fields missing from a short row are absent. */
  fields: Record<string, string>;
  /** False when the row has more or fewer fields than the header. */
  complete: boolean;
}

export interface CsvTable {
  header: string[];
  rows: AsyncGenerator<CsvRow>;
}

function parsedRecords(file: string): AsyncIterable<string[]> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  const source = createReadStream(file);
  const done = () => {}; // pipeline() destroys the parser on any error; its iterator then throws
  if (file.toLowerCase().endsWith('.bz2')) pipeline(source, unbzip2(), parser, done);
  else pipeline(source, parser, done);
  return parser as Readable as AsyncIterable<string[]>;
}

export interface CsvTableOptions {
  /** Maps each header name (case, spacing, aliases). */
  normalize?: (name: string) => string;
  /** The columns the importer needs, given the header; a file lacking one is refused. */
  required: (header: readonly string[]) => readonly string[];
}

/** Opens a CSV whose first record is its header. */
export async function openCsvTable(file: string, options: CsvTableOptions): Promise<CsvTable> {
  const normalize = options.normalize ?? ((name: string) => name.trim());
  const records = parsedRecords(file)[Symbol.asyncIterator]();
  const iterator = {
    next: () => records.next().catch((error: unknown) => Promise.reject(readError(file, error))),
    return: () => records.return?.(),
  };
  const first = await iterator.next();
  if (first.done) throw new Error(`${file}: empty file, no header`);
  const header = first.value.map(normalize);
  const missing = options.required(header).filter((name) => !header.includes(name));
  if (missing.length > 0) {
    await iterator.return();
    throw new Error(`${file}: missing column(s) ${missing.join(', ')}`);
  }
  async function* rows(): AsyncGenerator<CsvRow> {
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const values = next.value;
        const fields: Record<string, string> = {};
        const n = Math.min(values.length, header.length);
        for (let i = 0; i < n; i++) fields[header[i]] = values[i];
        yield { fields, complete: values.length === header.length };
      }
    } finally {
      await iterator.return(); // a consumer that stops early closes the file
    }
  }
  return { header, rows: rows() };
}

function readError(file: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${file}: cannot read: ${message}`, { cause: error });
}
