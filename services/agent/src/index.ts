export * from './pure.js';
export * from './agent.module.js';
export * from './graph/agent-graph.js';
export * from './graph/agent-state.js';
export * from './runtime/agent-conversations.js';
export * from './runtime/checkpoint-footprint.js';
export * from './runtime/lean-runnable-scope.js';
export { ORDER_MIGRATIONS } from './orders/order-persistence.js';
