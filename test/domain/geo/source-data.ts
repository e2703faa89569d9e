// Where the geo tests find shared/data: the README's default location beside the project,
// or ROADRISK_SOURCE_DATA (the variable src/config.ts reads).
import { resolve } from 'node:path';

export const SOURCE_DATA = resolve(process.env.ROADRISK_SOURCE_DATA ?? '../shared/data');
export const COUNTIES_FILE = resolve(SOURCE_DATA, 'census/Gaz_counties_national.txt');
