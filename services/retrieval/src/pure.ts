// `@support/retrieval/pure`: the service's parts that need no NestJS module nor bus connection
// (configuration, parsing, chunking, indexing, the pipeline), for the CLI, the benches and unit
// tests: loading the whole package costs a unit suite about a second. The index re-exports it.
export * from './retrieval-env.js';
export * from './config/retrieval-config.js';
export * from './ingestion/kb-document.js';
export * from './ingestion/chunker.js';
export * from './ingestion/document-indexer.js';
export { screenDocument, type ScreeningFinding } from './ingestion/screening/screen-document.js';
export * from './pipeline/retrieval-pipeline.js';
export * from './retrieval.tokens.js';
export * from './retrieval-ports.js';
export * from './text-analysis.js';
export * from './glossary/glossary-id.js';
export * from './glossary/glossary-file.js';
export * from './glossary/glossary-store.js';
