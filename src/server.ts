// Listens, and shuts down gracefully: on SIGTERM/SIGINT stop accepting connections, let requests
// in flight finish (Fastify answers 503 to new ones while closing), flush usage, close the store.
import type { FastifyInstance } from 'fastify';
import type { Settings } from './config.ts';
import type { Services } from './services.ts';
import { buildApp } from './http/app.ts';
import { closeServices, composeServices } from './bootstrap.ts';
import { startTelematicsWorkers } from './jobs/start-workers.ts';

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  address: string;
  close(): Promise<void>;
}

/** How long in-flight requests get to finish before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 25_000;

export async function startServer(settings: Settings): Promise<RunningServer> {
  const services = await composeServices(settings, { crashData: 'build', log: (m) => process.stderr.write(`${m}\n`) });
  const app = await buildApp(services, { logLevel: settings.logLevel });
  services.usage.start();
  services.crashData.watch();
  const workers = startTelematicsWorkers(services, (message, fields) => app.log.warn(fields ?? {}, message));
  const address = await app.listen({ port: settings.port, host: settings.host });
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      await workers?.stop();
      await closeServices(services);
    })());
  return { app, services, address, close };
}

export function closeOnSignals(server: RunningServer): void {
  const onSignal = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
