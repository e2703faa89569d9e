// Prometheus metrics at GET /metrics: request latency by route, jobs by status (queue depth),
// job durations, and the loaded crash data version. One registry per app, so several apps in
// one process (tests) do not collide.
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Services } from '../services.ts';
import { clusterMetricsReader } from '../cluster/metrics-aggregation.ts';

export interface Metrics {
  registry: Registry;
  requestLatency: Histogram<'method' | 'route' | 'status_code'>;
  jobDuration: Histogram<'job_type' | 'status'>;
}

export function createMetrics(services: Pick<Services, 'jobs' | 'dataVersion'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'roadrisk_process_' });
  new Gauge({
    name: 'roadrisk_jobs',
    help: 'Telematics jobs by status (pending is the queue depth)',
    labelNames: ['status'],
    registers: [registry],
    // Read from the shared database: every API process reports the same counts (cluster/).
    aggregator: 'first',
    async collect() {
      const counts = await services.jobs.countByStatus();
      for (const status of ['pending', 'processing', 'completed', 'failed', 'expired']) this.set({ status }, counts[status] ?? 0);
    },
  });
  new Gauge({
    name: 'roadrisk_crash_data_info',
    help: 'The loaded crash data version (value 1)',
    labelNames: ['version'],
    registers: [registry],
    aggregator: 'first',
    collect() {
      this.reset();
      this.set({ version: services.dataVersion() ?? 'none' }, 1);
    },
  });
  const jobDuration = new Histogram({
    name: 'roadrisk_job_duration_seconds',
    help: 'Time from a job starting to its result, in this process',
    labelNames: ['job_type', 'status'],
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });
  const requestLatency = new Histogram({
    name: 'roadrisk_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  return { registry, requestLatency, jobDuration };
}

export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestLatency.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Several API processes (ROADRISK_API_PROCESSES): the sum over all of them, via the primary.
  const wholeServer = clusterMetricsReader(metrics.registry);
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return wholeServer ? wholeServer() : metrics.registry.metrics();
  });
}
