// Reads shared/data/states/bad-drivers.csv for the state baseline (state-baseline.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { StateLossRow } from './state-baseline.ts';

export const BAD_DRIVERS_FILE = join('states', 'bad-drivers.csv');
const LOSS_COLUMN = 'Losses incurred by insurance companies for collisions per insured driver ($)';

export function loadStateLossRows(sourceDataDir: string): StateLossRow[] {
  const rows = parse(readFileSync(join(sourceDataDir, BAD_DRIVERS_FILE), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  return rows.map((r) => {
    if (!(LOSS_COLUMN in r)) throw new Error(`${BAD_DRIVERS_FILE}: no "${LOSS_COLUMN}" column`);
    return { state: r.State, lossesPerInsuredDriver: Number(r[LOSS_COLUMN]) };
  });
}
