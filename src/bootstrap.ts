// Composes the services from settings: store, repositories, accounts, plans and the
// capabilities whose data is loaded. Used by `serve`, `worker`, the CLI and the tests.
import type { Settings } from './config.ts';
import type { GaragingCapability, Services } from './services.ts';
import { buildRiskModels } from './crash-data/risk-models.ts';
import { telematicsIntake } from './jobs/telematics-intake.ts';
import type { GaragingRequestBody } from './domain/garaging/index.ts';
import type { GaragingResponse } from './http/schemas/garaging.ts';
import { openStore } from './storage/database.ts';
import { AccountsRepository } from './storage/repositories/accounts.ts';
import { ApiKeysRepository } from './storage/repositories/api-keys.ts';
import { UsageRepository } from './storage/repositories/usage.ts';
import { JobsRepository } from './storage/repositories/jobs.ts';
import { AccountService } from './accounts/account-service.ts';
import { UsageRecorder } from './accounts/usage-recorder.ts';
import { loadPlanCatalog } from './accounts/plans.ts';
import cluster from 'node:cluster';
import { MemoryRateLimiter, type RateLimiter } from './http/rate-limiter.ts';
import { PrimaryRateLimiter } from './cluster/shared-rate-limit.ts';
import { DatabaseRateLimiter } from './storage/repositories/rate-windows.ts';
import { NaicsCatalog } from './domain/naics.ts';
import { CrashesRepository } from './storage/repositories/crashes.ts';
import { loadCrashData, type CrashData } from './crash-data/crash-data.ts';
import { buildCrashData } from './crash-data/build.ts';
import { crashCapability } from './crash-data/crash-capability.ts';
import { CrashDataHolder } from './crash-data/crash-data-holder.ts';
import { stateLocator } from './domain/geo/states.ts';
import { createGeocoder } from './domain/geo/geocode.ts';
import { join } from 'node:path';
import type { Store } from './storage/database.ts';
import { EmbeddedJobQueue, type JobQueue } from './jobs/queue.ts';
import { PgBossJobQueue, startPgBoss } from './jobs/pg-boss-queue.ts';
import { createMetrics } from './http/metrics.ts';
import { DatabaseUploadStore, removeDeadProcessWork } from './storage/uploads/database-upload-store.ts';
import { LocalUploadStore } from './storage/uploads/local-upload-store.ts';

export interface ComposeOptions {
  now?: () => Date;
  /** Usage flush interval; tests flush by hand. */
  usageFlushMs?: number;
  /**
   * Crash data at start: `load` what was built (rebuilding the index file if the sources changed),
   * `build` also imports the public sources when none were imported yet (first `serve`),
   * `none` for commands that do not need it.
   */
  crashData?: 'load' | 'build' | 'none';
  log?: (message: string) => void;
}

export async function composeServices(settings: Settings, options: ComposeOptions = {}): Promise<Services> {
  const now = options.now ?? (() => new Date());
  const store = await openStore({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const keys = new ApiKeysRepository(store.db);
  const usageRepository = new UsageRepository(store.db);
  const accounts = new AccountService(new AccountsRepository(store.db), keys, now, store.externalChangeToken);
  const crashesRepository = new CrashesRepository(store.db);
  const crashData = new CrashDataHolder(crashesRepository, settings.dataDir, await prepareStore(settings, accounts, crashesRepository, options, now), options.log);
  store.onClose(async () => crashData.stop());
  const jobs = new JobsRepository(store.db);
  const jobQueue = await openJobQueue(settings, store, jobs, now);
  const states = stateLocator();
  const geocoder = createGeocoder({ countiesFile: join(settings.sourceDataDir, 'census', 'Gaz_counties_national.txt') });
  if (settings.uploadStore === 'database') await removeDeadProcessWork(join(settings.dataDir, 'work'));
  const metrics = createMetrics({ jobs, dataVersion: () => crashData.version });
  const naics = NaicsCatalog.load(settings.sourceDataDir);
  const modelDeps = {
    repository: crashesRepository, sourceDataDir: settings.sourceDataDir, states, geocoder, naics, now,
    locationCacheEntries: settings.garagingCacheEntries,
  };
  let models = crashData.current ? await buildRiskModels(modelDeps) : null;
  crashData.onReload(() => {
    buildRiskModels(modelDeps).then(
      (rebuilt) => (models = rebuilt),
      (error) => options.log?.(`rebuilding the risk models failed: ${String(error)}`),
    );
  });
  const garaging: GaragingCapability = {
    score: (line, request) => models!.garaging.score(line, request as GaragingRequestBody) as Promise<GaragingResponse>,
  };
  const intake = telematicsIntake(settings.maxUploadBytes);
  const crashes = crashCapability(() => ({ index: crashData.current!.index, sources: crashData.current!.sources, states, geocoder }));
  return {
    settings,
    store,
    metrics,
    plans: loadPlanCatalog(settings.plansFile ?? undefined),
    accounts,
    usage: new UsageRecorder(usageRepository, keys, options.usageFlushMs ?? 2000),
    usageRepository,
    rateLimiter: rateLimiterFor(store),
    jobs,
    jobQueue,
    uploads:
      settings.uploadStore === 'database'
        ? new DatabaseUploadStore(store.db, join(settings.dataDir, 'work', String(process.pid)))
        : new LocalUploadStore(),
    naics,
    // Scores need the crash data: until it is loaded these are null and the routes answer 503.
    get garaging() {
      return models ? garaging : null;
    },
    crashData,
    // Null while no crash data is loaded (the route answers 503, the dashboard says so).
    get crashes() {
      return crashData.current ? crashes : null;
    },
    get telematics() {
      return models ? intake : null;
    },
    telematicsScoring: () => models?.telematics ?? null,
    dataVersion: () => crashData.version,
    now,
  };
}

const DAY_MS = 86_400_000;

/** One count per key across every API process: the database on PostgreSQL, the cluster's primary on SQLite. */
function rateLimiterFor(store: Store): RateLimiter {
  if (store.engine === 'postgres') return new DatabaseRateLimiter(store.db);
  return cluster.isWorker ? new PrimaryRateLimiter() : new MemoryRateLimiter();
}

/**
 * What `serve` does to the data dir before any API process starts (cluster/api-processes.ts):
 * migrations, the bootstrap key, and the first import or an index rebuild, so the processes
 * only load what is there.
 */
export async function prepareDataDir(settings: Settings, log: (message: string) => void): Promise<void> {
  const store = await openStore({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const now = () => new Date();
  try {
    const accounts = new AccountService(new AccountsRepository(store.db), new ApiKeysRepository(store.db), now, store.externalChangeToken);
    await prepareStore(settings, accounts, new CrashesRepository(store.db), { crashData: 'build', log }, now);
  } finally {
    await store.close();
  }
}

/** What every start does first (migrations ran in openStore): the bootstrap key, then the crash data. */
async function prepareStore(
  settings: Settings, accounts: AccountService, crashes: CrashesRepository, options: ComposeOptions, now: () => Date,
): ReturnType<typeof startCrashData> {
  if (settings.bootstrapApiKey) await accounts.ensureBootstrap(settings.bootstrapApiKey);
  return startCrashData(settings, crashes, options, now);
}

async function openJobQueue(settings: Settings, store: Store, jobs: JobsRepository, now: () => Date): Promise<JobQueue> {
  const retentionMs = settings.jobRetentionDays * DAY_MS;
  const leaseMs = settings.jobLeaseSeconds * 1000;
  if (store.engine === 'postgres' && settings.databaseUrl) {
    const boss = await startPgBoss(settings.databaseUrl, leaseMs);
    store.onClose(() => boss.stop({ graceful: false, wait: true }));
    return new PgBossJobQueue(boss, jobs, { retentionMs, leaseMs, now });
  }
  return new EmbeddedJobQueue(jobs, { retentionMs, leaseMs, now });
}

async function startCrashData(
  settings: Settings,
  repository: CrashesRepository,
  options: ComposeOptions,
  now: () => Date,
): Promise<CrashData | null> {
  const mode = options.crashData ?? 'none';
  if (mode === 'none') return null;
  const log = options.log ?? (() => {});
  const loaded = await loadCrashData(repository, settings.dataDir, log);
  if (loaded || mode === 'load') return loaded;
  log('first start: importing the public crash data');
  const built = await buildCrashData(repository, {
    sourceDataDir: settings.sourceDataDir,
    dataDir: settings.dataDir,
    states: stateLocator(),
    now: now(),
    log,
  });
  return built.data;
}

export async function closeServices(services: Services): Promise<void> {
  await services.usage.stop();
  await services.store.close();
}
