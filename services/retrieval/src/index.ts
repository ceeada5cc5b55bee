export * from './retrieval.module.js';
export * from './retrieval-env.js';
