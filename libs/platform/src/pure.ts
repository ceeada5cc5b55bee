// `@support/platform/pure`: the part of the package that loads no framework, driver or telemetry
// SDK (no NestJS, OpenTelemetry, pino or prom-client), for pure code and its unit tests: loading
// the whole package costs a unit suite about a second. The package's index re-exports all of it.
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
export { type LogFormat, type LogLevelName, serviceStartEnv } from './config/telemetry-env.js';
export { type LogContext, withLogContext } from './logging/log-context.js';
