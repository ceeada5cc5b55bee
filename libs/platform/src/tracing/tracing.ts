import { type Context, context, propagation, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { loadConfig } from '../config/env-schema.js';

export type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { telemetryEnv } from '../config/telemetry-env.js';

/**
 * One tracer provider per service name, so each service's spans carry its own `service.name`
 * resource even when the all-in-one launcher runs seven services in one process. Providers live as
 * long as the process: a service closed in a test may be started again under the same name.
 */
const providers = new Map<string, BasicTracerProvider>();

/** Processors added at run time (tests), fed by every provider; see {@link observeSpans}. */
const observers = new Set<SpanProcessor>();

const toObservers: SpanProcessor = {
  onStart: (span: Span, parent: Context) => observers.forEach((o) => o.onStart(span, parent)),
  onEnd: (span: ReadableSpan) => observers.forEach((o) => o.onEnd(span)),
  forceFlush: async () => {
    await Promise.all([...observers].map((o) => o.forceFlush()));
  },
  // The observers belong to whoever added them: a provider's shutdown is not theirs to end.
  shutdown: async () => undefined,
};

let propagationInstalled = false;

/**
 * The process-wide parts of tracing, once: the active span follows async work (AsyncLocalStorage)
 * and crosses the bus as W3C `traceparent` / `tracestate` headers.
 */
export function installTracePropagation(): void {
  if (propagationInstalled) return;
  propagationInstalled = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/**
 * The tracer of `service`. Spans are always made (trace ids for the logs and the bus headers);
 * they leave the process only when OTEL_EXPORTER_OTLP_ENDPOINT names a collector.
 */
export function tracerFor(service: string): Tracer {
  installTracePropagation();
  let provider = providers.get(service);
  if (!provider) {
    provider = newProvider(service);
    providers.set(service, provider);
  }
  return provider.getTracer('support-agent');
}

function newProvider(service: string): BasicTracerProvider {
  const config = loadConfig(telemetryEnv);
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  const exported = endpoint
    ? [
        new BatchSpanProcessor(
          new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
        ),
      ]
    : [];
  return new BasicTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ 'service.name': service, 'service.namespace': 'support-agent' }),
    ),
    // A span whose parent came over the bus follows the parent's decision: a turn is whole or absent.
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(config.TRACE_SAMPLE_RATIO),
    }),
    spanProcessors: [...exported, toObservers],
  });
}

/** Sends what every provider still holds (a service shutting down), giving up after 5 s. */
export async function flushTraces(): Promise<void> {
  await Promise.all(
    [...providers.values()].map((provider) => provider.forceFlush({ timeoutMillis: 5_000 })),
  );
}

/**
 * Feeds every span of this process, of every service, to `processor` until the returned function
 * is called: an in-process view of the traces (tests use an in-memory exporter).
 */
export function observeSpans(processor: SpanProcessor): () => void {
  observers.add(processor);
  return () => observers.delete(processor);
}
