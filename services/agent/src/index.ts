export * from './agent.module.js';
export * from './agent-env.js';
export * from './graph/agent-graph.js';
export * from './graph/agent-state.js';
export * from './graph/agent-ports.js';
export * from './runtime/agent-conversations.js';
export * from './runtime/checkpoint-footprint.js';
export * from './runtime/conversation-lock.js';
