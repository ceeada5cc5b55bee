export * from './reranker-proxy.module.js';
export * from './reranker-proxy-env.js';
export * from './scoring/rerank-service.js';
