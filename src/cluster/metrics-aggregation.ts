// /metrics across API processes: the process a scrape reaches asks the primary, which collects
// every process's registry (prom-client's AggregatorRegistry: counters and histograms summed,
// gauges read from the shared database taken once, see http/metrics.ts) and answers with the sum.
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

interface MetricsRequest {
  roadrisk: 'metrics-request';
  id: number;
}

interface MetricsAnswer {
  roadrisk: 'metrics';
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers an API process's request with every process's metrics. */
export function serveMetricsAggregation(): (worker: Worker, message: unknown) => void {
  const aggregator = new AggregatorRegistry();
  return (worker, message) => {
    const m = message as Partial<MetricsRequest> | null;
    if (m?.roadrisk !== 'metrics-request' || typeof m.id !== 'number') return;
    const id = m.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ roadrisk: 'metrics', id, text } satisfies MetricsAnswer),
      (error: Error) => worker.isConnected() && worker.send({ roadrisk: 'metrics', id, error: error.message } satisfies MetricsAnswer),
    );
  };
}

/**
 * In an API process of a cluster: offers `registry` to the primary's collection and returns how
 * to read the whole server's metrics; null when this process is not a cluster worker.
 */
export function clusterMetricsReader(registry: Registry): (() => Promise<string>) | null {
  if (!cluster.isWorker) return null;
  new AggregatorRegistry(); // installs prom-client's answer to the primary's collection
  AggregatorRegistry.setRegistries([registry]);
  let nextId = 0;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: unknown) => {
    const m = message as Partial<MetricsAnswer> | null;
    if (m?.roadrisk !== 'metrics' || typeof m.id !== 'number') return;
    const waiting = pending.get(m.id);
    pending.delete(m.id);
    if (m.error !== undefined) waiting?.reject(new Error(m.error));
    else waiting?.resolve(m.text ?? '');
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      process.send!({ roadrisk: 'metrics-request', id } satisfies MetricsRequest);
    });
}
