export * from './errors.js';
export {
  cosineSimilarity,
  DEFAULT_EMBEDDING_DIMENSIONS,
  type Embedder,
  l2Norm,
  l2Normalise,
} from './embeddings/embedder.js';
export { HashingEmbedder } from './embeddings/hashing-embedder.js';
export {
  OpenAiCompatibleEmbedder,
  type OpenAiCompatibleEmbedderOptions,
  QWEN3_RETRIEVAL_TASK,
  qwen3Query,
} from './embeddings/openai-compatible-embedder.js';
export {
  type CrossEncoder,
  normaliseScores,
  type RerankOptions,
  sigmoid,
} from './reranker/cross-encoder.js';
export { TeiCrossEncoder, type TeiCrossEncoderOptions } from './reranker/tei-cross-encoder.js';
export * from './config/models-env.js';
// Local stand-ins for the model servers, for any package's integration tests (no jest inside).
export {
  type FakeOpenAiBehaviour,
  FakeOpenAiServer,
  type FakeOpenAiServerOptions,
  type RecordedEmbeddingsRequest,
} from './testing/fake-openai-server.js';
export { type FakeTeiBehaviour, FakeTeiServer } from './testing/fake-tei-server.js';
