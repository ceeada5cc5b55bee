// `@support/escalation/pure`: the service's parts that need no NestJS module, database nor bus
// connection (configuration, ports, use cases over them, summaries), for the deploy checks and unit
// tests: loading the whole package costs a unit suite about a second. The index re-exports it.
export * from './escalation-env.js';
export * from './ports/admin-channel.js';
export * from './ports/knowledge-draft.js';
export * from './adapters/console-admin-channel.js';
export * from './summary/format-summary.js';
export * from './use-cases/event-sink.js';
export * from './use-cases/relay-customer-message.js';
export * from './use-cases/admin-allow-list.js';
export * from './use-cases/mark-escalation-resolved.js';
export * from './use-cases/thread-notices.js';
export * from './use-cases/draft-from-thread.js';
export * from './use-cases/draft-notices.js';
export * from './adapters/knowledge-draft-view.js';
