// Composes the services from settings: store, repositories, accounts, plans and the
// capabilities whose data is loaded. Used by `serve`, `worker`, the CLI and the tests.
import type { Settings } from './config.ts';
import type { Services } from './services.ts';
import { openStore } from './storage/database.ts';
import { AccountsRepository } from './storage/repositories/accounts.ts';
import { ApiKeysRepository } from './storage/repositories/api-keys.ts';
import { UsageRepository } from './storage/repositories/usage.ts';
import { JobsRepository } from './storage/repositories/jobs.ts';
import { AccountService } from './accounts/account-service.ts';
import { UsageRecorder } from './accounts/usage-recorder.ts';
import { loadPlanCatalog } from './accounts/plans.ts';
import { MemoryRateLimiter } from './http/rate-limiter.ts';
import { NaicsCatalog } from './domain/naics.ts';

export interface ComposeOptions {
  now?: () => Date;
  /** Usage flush interval; tests flush by hand. */
  usageFlushMs?: number;
}

export async function composeServices(settings: Settings, options: ComposeOptions = {}): Promise<Services> {
  const now = options.now ?? (() => new Date());
  const store = await openStore({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const keys = new ApiKeysRepository(store.db);
  const usageRepository = new UsageRepository(store.db);
  const accounts = new AccountService(new AccountsRepository(store.db), keys, now);
  if (settings.bootstrapApiKey) await accounts.ensureBootstrap(settings.bootstrapApiKey);
  return {
    settings,
    store,
    plans: loadPlanCatalog(settings.plansFile ?? undefined),
    accounts,
    usage: new UsageRecorder(usageRepository, keys, options.usageFlushMs ?? 2000),
    usageRepository,
    rateLimiter: new MemoryRateLimiter(),
    jobs: new JobsRepository(store.db),
    naics: NaicsCatalog.load(settings.sourceDataDir),
    garaging: null,
    crashes: null,
    telematics: null,
    dataVersion: () => null,
    now,
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.usage.stop();
  await services.store.close();
}
