export {
  type IndexedChunk,
  type IndexHit,
  type IndexLeg,
  type LegQuery,
  type SparseLeg,
  type SparseVector,
  type VectorIndex,
} from './vector-index.port.js';
export { CollectionNotFound } from './errors.js';
export {
  InProcessVectorIndex,
  type InProcessVectorIndexOptions,
} from './in-process/in-process-vector-index.js';
export { QdrantVectorIndex, type QdrantVectorIndexOptions } from './qdrant/qdrant-vector-index.js';
export { qdrantClientVersion, qdrantVersionCompatible } from './qdrant/qdrant-client-version.js';
