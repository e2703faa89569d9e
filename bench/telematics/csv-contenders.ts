// The contenders of the CSV benchmark. Each reads the same file as a stream of chunks of the
// same size and does the same job: validate every row, turn latitude, longitude and timestamp
// into float64 and epoch ms, group by vehicle, write to disk.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { parse as csvParse } from 'csv-parse';
import Papa from 'papaparse';
import { inferSchema, initParser } from 'udsv';
import { convertTelematicsCsv } from '../../src/domain/telematics/csv/index.ts';
import { LibrarySink } from './library-sink.ts';

export type Contender = (file: string, outDir: string, chunkBytes: number) => Promise<{ rows: number }>;

const chunksOf = (file: string, chunkBytes: number) => createReadStream(file, { highWaterMark: chunkBytes });

/** Positions of the columns the job needs, from a header row. */
function columnsOf(header: string[]): [number, number, number, number] {
  const names = header.map((name) => name.replace(/^\ufeff/, '').trim());
  const at = (name: string) => names.indexOf(name);
  return [at('vehicle_id'), at('timestamp'), at('latitude'), at('longitude')];
}

const roadrisk: Contender = async (file, outDir, chunkBytes) => {
  const upload = await convertTelematicsCsv(chunksOf(file, chunkBytes), join(outDir, 'roadrisk'));
  return { rows: upload.rows };
};

const csvParseContender: Contender = async (file, outDir, chunkBytes) => {
  const sink = new LibrarySink(join(outDir, 'csv-parse.f64'));
  let columns: number[] | null = null;
  for await (const record of chunksOf(file, chunkBytes).pipe(csvParse({ bom: true, skip_empty_lines: true })) as AsyncIterable<string[]>) {
    if (columns === null) columns = columnsOf(record);
    else sink.row(record[columns[0]], record[columns[1]], record[columns[2]], record[columns[3]]);
  }
  sink.close();
  return { rows: sink.rows };
};

const udsvContender: Contender = async (file, outDir, chunkBytes) => {
  const sink = new LibrarySink(join(outDir, 'udsv.f64'));
  const decoder = new TextDecoder(); // keeps multi-byte characters split across chunks whole
  let parser: ReturnType<typeof initParser> | null = null;
  let columns: number[] = [];
  const onRow = (row: string[]) => sink.row(row[columns[0]], row[columns[1]], row[columns[2]], row[columns[3]]);
  for await (const chunk of chunksOf(file, chunkBytes)) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (parser === null) {
      const schema = inferSchema(text);
      columns = columnsOf(schema.cols.map((col) => col.name));
      parser = initParser(schema);
    }
    parser.chunk<string[]>(text, parser.stringArrs, onRow);
  }
  parser?.end();
  sink.close();
  return { rows: sink.rows };
};

const papaparseContender: Contender = (file, outDir, chunkBytes) =>
  new Promise((resolve, reject) => {
    const sink = new LibrarySink(join(outDir, 'papaparse.f64'));
    let columns: number[] | null = null;
    Papa.parse<string[]>(chunksOf(file, chunkBytes), {
      skipEmptyLines: true,
      chunk: (results) => {
        for (const row of results.data) {
          if (columns === null) columns = columnsOf(row);
          else sink.row(row[columns[0]], row[columns[1]], row[columns[2]], row[columns[3]]);
        }
      },
      complete: () => {
        sink.close();
        resolve({ rows: sink.rows });
      },
      error: reject,
    });
  });

/** Not a converter: the floor any streaming reader pays, finding line breaks only. */
const lineBreakScan: Contender = async (file, _outDir, chunkBytes) => {
  let lines = 0;
  for await (const chunk of chunksOf(file, chunkBytes) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return { rows: lines - 1 };
};

/** Nothing at all: the memory of the process itself (node + tsx), to read RSS against. */
const idle: Contender = async () => ({ rows: 0 });

export const CONTENDERS: Record<string, Contender> = {
  roadrisk,
  'csv-parse': csvParseContender,
  udsv: udsvContender,
  papaparse: papaparseContender,
  'line-break scan': lineBreakScan,
  idle,
};
