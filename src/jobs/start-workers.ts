// Starts this process's telematics workers (ROADRISK_WORKERS of them), scoring with the models
// of the crash data loaded now (they are rebuilt when the data version changes).
import type { Services } from '../services.ts';
import { startJobRuntime, type JobRuntime } from './runtime.ts';
import { telematicsHandler } from './telematics-handler.ts';
import type { JobHandler } from './worker.ts';

export function startTelematicsWorkers(
  services: Services,
  log: (message: string, fields?: Record<string, unknown>) => void,
  pollMs?: number,
): JobRuntime | null {
  if (services.settings.workers === 0) return null;
  const handler: JobHandler = (job, signal) => {
    const deps = services.telematicsScoring();
    if (!deps) throw new Error('no crash data is loaded: run `roadrisk data build`');
    return telematicsHandler(deps, services.uploads)(job, signal);
  };
  return startJobRuntime(services, { concurrency: services.settings.workers, handler, log, pollMs });
}
