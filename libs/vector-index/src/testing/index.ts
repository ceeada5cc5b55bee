export * from './fake-qdrant-server.js';
