export * from './host/service-host.js';
export * from './infra/ensure-nats.js';
export * from './infra/ensure-postgres.js';
export * from './commands/turn-client.js';
