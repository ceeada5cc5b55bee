import { collectDefaultMetrics, type Metric, Registry } from 'prom-client';

let processMetrics: readonly Metric[] | undefined;

/**
 * prom-client's default metrics (CPU, memory, event loop lag, GC, handles), collected once per
 * process: each collection starts its own event-loop monitor and GC observer and never stops
 * them, and the all-in-one launcher and the tests boot many services in one process. Every
 * service's registry shows these same metric objects under its own `service` label.
 */
export function processMetricsOnce(): readonly Metric[] {
  if (processMetrics) return processMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  processMetrics = registry
    .getMetricsAsArray()
    .flatMap(({ name }) => registry.getSingleMetric(name) ?? []);
  return processMetrics;
}
