export * from './pure.js';
export * from './gateway.module.js';
export * from './chat/customer-chat.js';
export * from './dashboard/dashboard-queries.js';
export * from './dashboard/dashboard-from-rows.js';
export { GATEWAY_MIGRATIONS } from './limits/gateway-migrations.js';
