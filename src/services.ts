// What the HTTP layer needs, composed once at start (see bootstrap.ts). Capabilities whose
// computation is not loaded are null, and their routes answer 503 after validation.
import type { Settings } from './config.ts';
import type { AccountService } from './accounts/account-service.ts';
import type { UsageRecorder } from './accounts/usage-recorder.ts';
import type { PlanCatalog } from './accounts/plans.ts';
import type { RateLimiter } from './http/rate-limiter.ts';
import type { Store } from './storage/database.ts';
import type { JobsRepository } from './storage/repositories/jobs.ts';
import type { UsageRepository } from './storage/repositories/usage.ts';
import type { NaicsCatalog } from './domain/naics.ts';
import type { CaGaragingRequest, GaragingResponse } from './http/schemas/garaging.ts';
import type { CrashAggregateRequest, CrashAggregateResponse } from './http/schemas/crashes.ts';

import type { TelematicsCapability } from './jobs/telematics-capability.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { TelematicsScoringDeps } from './domain/telematics/scoring/index.ts';
import type { Metrics } from './http/metrics.ts';
import type { UploadStore } from './storage/uploads/upload-store.ts';
import type { CrashDataHolder } from './crash-data/crash-data-holder.ts';

export type LineOfBusiness = 'ca' | 'ppa';

export interface GaragingCapability {
  score(line: LineOfBusiness, request: CaGaragingRequest): Promise<GaragingResponse>;
}

export interface CrashCapability {
  /** Null when the request's address cannot be geocoded. */
  aggregate(request: CrashAggregateRequest): Promise<CrashAggregateResponse | null>;
}

export interface Services {
  settings: Settings;
  store: Store;
  plans: PlanCatalog;
  accounts: AccountService;
  usage: UsageRecorder;
  usageRepository: UsageRepository;
  rateLimiter: RateLimiter;
  jobs: JobsRepository;
  naics: NaicsCatalog;
  garaging: GaragingCapability | null;
  crashes: CrashCapability | null;
  telematics: TelematicsCapability | null;
  /** What telematics jobs are scored with; null until crash data is loaded. */
  telematicsScoring: () => TelematicsScoringDeps<string> | null;
  /** The loaded crash data's version, reported by /v1/health; null before the first build. */
  dataVersion: () => string | null;
  metrics: Metrics;
  /** The crash data in memory, reloaded when the store's version changes. */
  crashData: CrashDataHolder;
  /** Converted uploads waiting for a worker. */
  uploads: UploadStore;
  /** The telematics job queue (embedded, or pg-boss on PostgreSQL). */
  jobQueue: JobQueue;
  now: () => Date;
}
