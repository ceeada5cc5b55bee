export {
  bool,
  ConfigError,
  type ConfigOf,
  type EnvSchema,
  type EnvVar,
  hostNames,
  int,
  loadConfig,
  num,
  optional,
  str,
  url,
} from './config/env-schema.js';
export { busEnv, databaseEnv, httpEnv } from './config/common-env.js';
export { runtimeEnv, type RuntimeEnvironment } from './config/runtime-env.js';
export { SERVICE_NAMES, SERVICE_PORTS, type ServiceName } from './config/service-ports.js';
export { AppError, codeOf, isAppError, policyOf, publicMessageOf } from './errors/app-error.js';
export { ERROR_POLICY, type ErrorCode } from './errors/error-codes.js';
export { HealthRegistry, type ReadinessCheck } from './health/health-registry.js';
export { HealthModule } from './health/health.module.js';
export { type StartedService, startService } from './bootstrap/start-service.js';
export { type EventTransport, EventTransportSlot } from './bootstrap/event-transport.js';
export { type Clock, CLOCK, systemClock } from './time/clock.js';
export {
  type ConnectionSource,
  findSystemConnections,
  readRunningSystem,
  removeRunningSystem,
  type RunningSystem,
  type SystemConnections,
  writeRunningSystem,
} from './runtime/running-system.js';
export {
  type DeadLetterCause,
  type RerankFailOpenCause,
  type Stage,
  type TurnRoute,
} from './observability/metric-labels.js';
export { ServiceMetrics } from './observability/service-metrics.js';
export { type LogFormat, type LogLevelName, serviceStartEnv } from './config/telemetry-env.js';
export { type LogContext, withLogContext } from './logging/log-context.js';
export { ServiceLogger, type ServiceLoggerOptions } from './logging/service-logger.js';
export {
  observeSpans,
  type ReadableSpan,
  type SpanProcessor,
  tracerFor,
} from './tracing/tracing.js';
