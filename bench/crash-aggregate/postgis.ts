// PostgreSQL + PostGIS as a user would set it up at its best for this query: a private cluster on
// 127.0.0.1, crashes in a geography(Point) column with a GiST index, the table CLUSTERed on it,
// VACUUM ANALYZE, JIT off, everything in shared buffers. Started and stopped by the bench.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import type { CrashColumns, CrashTotals } from '../../src/domain/crashes/index/crash-index.ts';

/**
 * PostGIS's sphere (use_spheroid = false) has the radius (2a + b) / 3 of WGS84 = 6371008.7714 m
 * (postgis/liblwgeom, WGS84_RADIUS); roadrisk's is 6371008.8 m. Scaling the distance by their
 * ratio makes both decide "within" on the same angle.
 */
const POSTGIS_SPHERE_M = (2 * 6378137 + (6378137 - 6378137 / 298.257223563)) / 3;
const ROADRISK_SPHERE_M = 6371008.8;

export interface PostgisCluster {
  client: pg.Client;
  version: string;
  loadSeconds: Record<string, number>;
  stop(): Promise<void>;
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** initdb refuses to run as root: run the server's tools as the postgres user then. */
function asServerUser(cmd: string, args: string[]): void {
  const [bin, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const result = spawnSync(bin, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${cmd} failed (${result.status})`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPostgis(columns: CrashColumns, log: (m: string) => void): Promise<PostgisCluster> {
  const dir = mkdtempSync('/tmp/roadrisk-bench-pg-');
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  const data = join(dir, 'data');
  const bin = binDir();
  const port = await freePort();
  asServerUser(`${bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const settings = [
    `-p ${port}`, '-c listen_addresses=127.0.0.1', `-k ${dir}`, '-c shared_buffers=4GB', '-c effective_cache_size=12GB',
    '-c work_mem=256MB', '-c maintenance_work_mem=2GB', '-c jit=off', '-c fsync=off', '-c synchronous_commit=off',
    '-c full_page_writes=off', '-c wal_level=minimal', '-c max_wal_senders=0', '-c max_wal_size=8GB',
  ].join(' ');
  asServerUser(`${bin}/pg_ctl`, ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', settings, 'start']);
  const stop = async (): Promise<void> => {
    await client.end().catch(() => undefined);
    asServerUser(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  try {
    await client.connect();
    const loadSeconds = await load(client, columns, dir, port, log);
    const version = (await client.query('SELECT version() AS v, postgis_full_version() AS p')).rows[0];
    return { client, version: `${version.v.split(',')[0]}; ${/POSTGIS="([^"]+)"/.exec(version.p)?.[1] ?? version.p}`, loadSeconds, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function load(client: pg.Client, columns: CrashColumns, dir: string, port: number, log: (m: string) => void): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<unknown> | unknown): Promise<void> => {
    log(`postgis: ${name}`);
    const start = performance.now();
    await fn();
    seconds[name] = (performance.now() - start) / 1000;
  };
  const csv = join(dir, 'crashes.csv');
  await step('write CSV', () => writeCsv(columns, csv));
  await step('create', () => client.query(`CREATE EXTENSION postgis;
    CREATE TABLE crashes (geog geography(Point, 4326) NOT NULL, crash_date date NOT NULL, injuries int NOT NULL, fatalities int NOT NULL)`));
  await step('COPY', () => {
    const copy = spawnSync('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c',
      `\\copy crashes (geog, crash_date, injuries, fatalities) FROM '${csv}' WITH (FORMAT csv)`], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (copy.status !== 0) throw new Error('COPY failed');
    rmSync(csv);
  });
  await step('GiST index', () => client.query('CREATE INDEX crashes_geog ON crashes USING gist (geog)'));
  await step('CLUSTER', () => client.query('CLUSTER crashes USING crashes_geog'));
  await step('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE crashes'));
  await step('warm cache', () => client.query("CREATE EXTENSION pg_prewarm; SELECT pg_prewarm('crashes'), pg_prewarm('crashes_geog')"));
  return seconds;
}

function writeCsv(c: CrashColumns, path: string): void {
  const dates = new Map<number, string>();
  const iso = (day: number): string => {
    let s = dates.get(day);
    if (!s) dates.set(day, (s = new Date(day * 86_400_000).toISOString().slice(0, 10)));
    return s;
  };
  const fd = openSync(path, 'w');
  try {
    for (let start = 0; start < c.day.length; start += 200_000) {
      let chunk = '';
      for (let i = start; i < Math.min(start + 200_000, c.day.length); i++) {
        chunk += `SRID=4326;POINT(${c.longitude[i]} ${c.latitude[i]}),${iso(c.day[i])},${c.injuries[i]},${c.fatalities[i]}\n`;
      }
      writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
}

export async function postgisQuery(client: pg.Client, lat: number, lon: number, radiusKm: number, from: number, to: number): Promise<CrashTotals> {
  const metres = radiusKm * 1000 * (POSTGIS_SPHERE_M / ROADRISK_SPHERE_M);
  const { rows } = await client.query(
    `SELECT count(*)::int AS crashes, coalesce(sum(injuries), 0)::int AS injuries, coalesce(sum(fatalities), 0)::int AS fatalities
       FROM crashes
      WHERE ST_DWithin(geog, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3, false)
        AND crash_date BETWEEN $4::date AND $5::date`,
    [lon, lat, metres, isoDay(from), isoDay(to)],
  );
  return rows[0] as CrashTotals;
}

function isoDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function postgisAvailable(): boolean {
  return existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/share/postgresql/${v}/extension/postgis.control`));
}
