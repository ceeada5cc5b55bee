export * from './pure.js';
export * from './retrieval.module.js';
export * from './rerank/bus-reranker.js';
