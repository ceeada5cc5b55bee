export * from './pure.js';
export * from './escalation.module.js';
export * from './adapters/slack-admin-channel.js';
export * from './persistence/escalation-persistence.js';
export * from './persistence/thread-store.js';
export * from './use-cases/open-thread.js';
export * from './use-cases/relay-admin-reply.js';
