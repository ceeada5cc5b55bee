export * from './agent.module.js';
export * from './agent-env.js';
export * from './graph/agent-graph.js';
export * from './graph/agent-state.js';
export * from './graph/agent-ports.js';
export * from './graph/abstention.js';
export * from './runtime/agent-conversations.js';
