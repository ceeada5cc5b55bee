// `@support/reranker-proxy/pure`: the service's parts that need no NestJS module nor bus
// connection (configuration and scoring), for the benches and unit tests. The index re-exports it.
export * from './reranker-proxy-env.js';
export * from './scoring/rerank-service.js';
