// One typed, validated settings object from the environment (decisions §10).
// A bad setting stops the start with a message naming it.
import { resolve } from 'node:path';

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  sourceDataDir: string;
  databaseUrl: string | null;
  workers: number;
  /** API processes `serve` runs (node:cluster, one port); each also runs `workers` job slots. */
  apiProcesses: number;
  maxUploadBytes: number;
  jobRetentionDays: number;
  bootstrapApiKey: string | null;
  plansFile: string | null;
  /** How long a worker holds a job without renewing; a dead worker's job is taken over after it. */
  jobLeaseSeconds: number;
  /** Where converted uploads wait for a worker: this machine's data dir, or the shared database. */
  uploadStore: 'local' | 'database';
  logLevel: string;
  /** Recent garaging locations kept assessed (domain/garaging/location-cache.ts); 0 = none. */
  garagingCacheEntries: number;
}

export class SettingsError extends Error {
  constructor(readonly setting: string, message: string) {
    super(`${setting}: ${message}`);
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new SettingsError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new SettingsError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadSettings(env: Env = process.env, cwd = process.cwd()): Settings {
  const databaseUrl = env.ROADRISK_DATABASE_URL?.trim() || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new SettingsError('ROADRISK_DATABASE_URL', 'must be a postgres:// URL (unset it to use the embedded SQLite store)');
  }
  const bootstrapApiKey = env.ROADRISK_BOOTSTRAP_API_KEY?.trim() || null;
  if (bootstrapApiKey !== null && bootstrapApiKey.length < 32) {
    throw new SettingsError('ROADRISK_BOOTSTRAP_API_KEY', 'must be 32 characters or more');
  }
  const host = env.ROADRISK_HOST?.trim() || '127.0.0.1';
  const logLevel = env.ROADRISK_LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new SettingsError('ROADRISK_LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const uploadStore = env.ROADRISK_UPLOAD_STORE?.trim() || (databaseUrl ? 'database' : 'local');
  if (uploadStore !== 'local' && uploadStore !== 'database') {
    throw new SettingsError('ROADRISK_UPLOAD_STORE', 'must be local or database');
  }
  return {
    uploadStore,
    port: integer(env, 'ROADRISK_PORT', 8000, 0, 65535),
    host,
    dataDir: resolve(cwd, env.ROADRISK_DATA_DIR?.trim() || './var'),
    sourceDataDir: resolve(cwd, env.ROADRISK_SOURCE_DATA?.trim() || '../shared/data'),
    databaseUrl,
    workers: integer(env, 'ROADRISK_WORKERS', 2, 0, 64),
    apiProcesses: integer(env, 'ROADRISK_API_PROCESSES', 1, 1, 64),
    // Spec: the file is smaller than 1 GB, so the largest accepted upload is 1 GiB - 1 byte.
    maxUploadBytes: integer(env, 'ROADRISK_MAX_UPLOAD_BYTES', 1024 ** 3 - 1, 1, 1024 ** 4),
    jobRetentionDays: integer(env, 'ROADRISK_JOB_RETENTION_DAYS', 30, 1, 3650),
    jobLeaseSeconds: integer(env, 'ROADRISK_JOB_LEASE_SECONDS', 30, 3, 3600),
    bootstrapApiKey,
    plansFile: env.ROADRISK_PLANS_FILE?.trim() ? resolve(cwd, env.ROADRISK_PLANS_FILE.trim()) : null,
    logLevel,
    garagingCacheEntries: integer(env, 'ROADRISK_GARAGING_CACHE_ENTRIES', 20_000, 0, 10_000_000),
  };
}
