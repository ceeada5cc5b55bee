export * from './pure.js';
export { HealthRegistry, type ReadinessCheck } from './health/health-registry.js';
export { HealthModule } from './health/health.module.js';
export { type StartedService, startService } from './bootstrap/start-service.js';
export { type EventTransport, EventTransportSlot } from './bootstrap/event-transport.js';
export { ServiceMetrics } from './observability/service-metrics.js';
export { ServiceLogger, type ServiceLoggerOptions } from './logging/service-logger.js';
export {
  observeSpans,
  type ReadableSpan,
  type SpanProcessor,
  tracerFor,
} from './tracing/tracing.js';
