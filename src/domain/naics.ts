// NAICS 2022 codes and titles (Census Bureau, ../shared/data/naics/naics2022_codes_titles.csv).
// decisions §5: ranged sectors (31-33, 44-45, 48-49) also answer to each two-digit code in range.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

export interface NaicsEntry {
  code: string;
  description: string;
}

export class NaicsCatalog {
  private constructor(private readonly titles: ReadonlyMap<string, string>) {}

  static fromCsv(text: string): NaicsCatalog {
    const titles = new Map<string, string>();
    const rows = parse(text, { columns: true, skip_empty_lines: true }) as { code: string; title: string }[];
    for (const { code, title } of rows) {
      const range = /^(\d\d)-(\d\d)$/.exec(code);
      if (!range) {
        titles.set(code, title);
        continue;
      }
      for (let sector = Number(range[1]); sector <= Number(range[2]); sector++) titles.set(String(sector), title);
    }
    return new NaicsCatalog(titles);
  }

  static load(sourceDataDir: string): NaicsCatalog {
    return NaicsCatalog.fromCsv(readFileSync(join(sourceDataDir, 'naics', 'naics2022_codes_titles.csv'), 'utf8'));
  }

  get size(): number {
    return this.titles.size;
  }

  lookup(code: string): NaicsEntry | null {
    const description = this.titles.get(code);
    return description === undefined ? null : { code, description };
  }

  /** The two-digit sector of a code, for sector relativities. */
  static sectorOf(code: string): string {
    return code.slice(0, 2);
  }
}
