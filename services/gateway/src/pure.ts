// `@support/gateway/pure`: the service's parts that need no NestJS module, database nor socket
// server (configuration, tokens, frames, paths), for the CLI, the deploy checks and unit tests:
// loading the whole package costs a unit suite about a second. The index re-exports it.
export * from './auth/token-service.js';
export * from './chat/server-frames.js';
export * from './chat/client-frames.js';
export * from './config/gateway-config.js';
export * from './config/gateway-own-env.js';
export * from './gateway-env.js';
export * from './dashboard/dashboard-period.js';
export { MAX_CAUSE_LAG_MS } from './chat/reply-causation.js';
export { ADMIN_WS_PATH, CUSTOMER_WS_PATH } from './socket-paths.js';
