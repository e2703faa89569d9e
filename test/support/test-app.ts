// A real app over a real (temporary, file-backed SQLite) store, with one account per plan and
// keys of each kind. Time is injectable so expiry and rate windows are tested without sleeping.
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadSettings } from '../../src/config.ts';
import { createTestDatabase } from './database.ts';
import { composeServices, closeServices } from '../../src/bootstrap.ts';
import { buildApp } from '../../src/http/app.ts';
import type { Services } from '../../src/services.ts';

export const SOURCE_DATA = resolve(import.meta.dirname, '../../../shared/data');

export interface TestKeys {
  trial: string;
  standard: string;
  enterprise: string;
  enterpriseSandbox: string;
  enterpriseStandardRole: string;
  otherEnterprise: string;
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  keys: TestKeys;
  clock: { now: Date };
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Load the real public crash data prepared by scripts/run-tests.mjs. */
  crashData?: boolean;
  configure?: (services: Services) => void;
}

/** Copies the prepared crash store and index into a test's data dir. */
export function copyCrashFixture(dataDir: string): void {
  const fixture = process.env.ROADRISK_TEST_FIXTURE;
  if (!fixture || !existsSync(join(fixture, 'indexes'))) {
    throw new Error('crash data fixture missing: run the suite with `npm test` (scripts/run-tests.mjs prepares it)');
  }
  // On PostgreSQL the crash rows come with the database template; the index file is per machine.
  if (existsSync(join(fixture, 'roadrisk.sqlite'))) copyFileSync(join(fixture, 'roadrisk.sqlite'), join(dataDir, 'roadrisk.sqlite'));
  cpSync(join(fixture, 'indexes'), join(dataDir, 'indexes'), { recursive: true });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadrisk-test-'));
  if (options.crashData) copyCrashFixture(dataDir);
  const database = await createTestDatabase();
  const settings = loadSettings({
    ROADRISK_DATA_DIR: dataDir,
    ROADRISK_SOURCE_DATA: SOURCE_DATA,
    ...(database.url ? { ROADRISK_DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const clock = { now: new Date('2025-06-01T12:00:00Z') };
  const services = await composeServices(settings, { now: () => clock.now, crashData: options.crashData ? 'load' : 'none' });
  const configure = options.configure;
  configure?.(services);
  const app = await buildApp(services);
  const make = async (name: string, plan: string, environment: 'production' | 'sandbox' = 'production', role: 'admin' | 'standard' = 'admin') => {
    let account;
    try {
      account = await services.accounts.accountByName(name);
    } catch {
      account = await services.accounts.createAccount({ name, plan });
    }
    return (await services.accounts.createKey({ accountId: account.id, name: `${name} key`, environment, role })).api_key;
  };
  const keys: TestKeys = {
    trial: await make('acme-trial', 'trial'),
    standard: await make('acme-standard', 'standard'),
    enterprise: await make('acme', 'enterprise'),
    enterpriseSandbox: await make('acme', 'enterprise', 'sandbox'),
    enterpriseStandardRole: await make('acme', 'enterprise', 'production', 'standard'),
    otherEnterprise: await make('globex', 'enterprise'),
  };
  return {
    app,
    services,
    keys,
    clock,
    dataDir,
    async close() {
      await app.close();
      await closeServices(services);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
