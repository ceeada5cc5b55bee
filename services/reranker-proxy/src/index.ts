export * from './pure.js';
export * from './reranker-proxy.module.js';
