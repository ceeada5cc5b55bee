export * from './free-port.js';
export * from './nats-server.js';
export * from './test-database.js';
export * from './eventually.js';
export * from './ws-client.js';
export * from './shuffles.js';
export * from './chromium.js';
export * from './service-process.js';
