// /metrics across API processes: the process a scrape reaches asks the primary
// (primary-requests.ts), which collects every process's registry (prom-client's
// AggregatorRegistry: counters and histograms summed, gauges read from the shared database taken
// once, see http/metrics.ts) and answers with the sum.
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { askPrimary } from './primary-requests.ts';

/** In the primary: every process's metrics as one Prometheus text. */
export function metricsAnswer(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}

/**
 * In an API process of a cluster: offers `registry` to the primary's collection and returns how
 * to read the whole server's metrics; null when this process is not a cluster worker.
 */
export function clusterMetricsReader(registry: Registry): (() => Promise<string>) | null {
  if (!cluster.isWorker) return null;
  new AggregatorRegistry(); // installs prom-client's answer to the primary's collection
  AggregatorRegistry.setRegistries([registry]);
  return () => askPrimary<string>('metrics', null);
}
