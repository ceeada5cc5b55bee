export * from './agent-tool.js';
export * from './order-rules.js';
export * from './order-entities.js';
export * from './order-repository.js';
export * from './order-tools.js';
export * from './demo-orders.js';
export * from './order-persistence.js';
