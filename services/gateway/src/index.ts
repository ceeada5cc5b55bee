export * from './gateway.module.js';
export * from './auth/token-service.js';
export * from './chat/customer-chat.js';
export * from './chat/server-frames.js';
export * from './chat/client-frames.js';
export * from './chat/rate-limiter.js';
export * from './config/gateway-config.js';
export * from './config/gateway-env.js';
