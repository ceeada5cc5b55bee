export * from './agent.module.js';
export * from './agent-env.js';
