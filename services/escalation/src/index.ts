export * from './escalation.module.js';
export * from './escalation-env.js';
