export * from './vector-index.port.js';
export * from './errors.js';
export { pointIdFor } from './point-id.js';
export { idf, compareHits } from './scoring.js';
export {
  InProcessVectorIndex,
  type InProcessVectorIndexOptions,
} from './in-process/in-process-vector-index.js';
export { QdrantVectorIndex, type QdrantVectorIndexOptions } from './qdrant/qdrant-vector-index.js';
