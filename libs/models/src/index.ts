export {
  isModelError,
  type ModelErrorCode,
  ModelMismatch,
  ModelTimeout,
  ModelUnavailable,
} from './errors.js';
export { DEFAULT_EMBEDDING_DIMENSIONS, type Embedder } from './embeddings/embedder.js';
export { HashingEmbedder } from './embeddings/hashing-embedder.js';
export { type CrossEncoder, type RerankOptions } from './reranker/cross-encoder.js';
export {
  type AssistantMessage,
  type ChatCompletion,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type FinishReason,
  type ImagePart,
  type SystemMessage,
  type TextPart,
  type ToolCall,
  type ToolMessage,
  type UserContentPart,
  type UserMessage,
  userText,
} from './chat/chat-model.js';
export {
  ExtractiveResponder,
  type ExtractiveResponderOptions,
} from './chat/extractive-responder.js';
export {
  OpenAiCompatibleChatModel,
  type OpenAiCompatibleChatModelOptions,
} from './chat/openai-compatible-chat-model.js';
export {
  estimateMessageTokens,
  estimateRequestTokens,
  estimateToolsTokens,
  IMAGE_MAX_PIXELS,
  IMAGE_TOKENS,
} from './chat/token-estimate.js';
export { loadQwenTokenizer, qwenTokenCount } from './chat/qwen-tokenizer.js';
export { readTeiInfo, type TeiInfo } from './tei/tei-batch-limit.js';
export { JsonHttpClient } from './http/json-http-client.js';
export { serverErrorText } from './http/server-error-text.js';
export {
  OpenAiCompatibleEmbedder,
  type OpenAiCompatibleEmbedderOptions,
} from './embeddings/openai-compatible-embedder.js';
export { TeiCrossEncoder, type TeiCrossEncoderOptions } from './reranker/tei-cross-encoder.js';
export {
  DEFAULT_MIN_ENTAILMENT,
  type EntailmentOptions,
  type EntailmentPair,
  type SupportJudge,
} from './support-judge/support-judge.js';
export { TeiSupportJudge, type TeiSupportJudgeOptions } from './support-judge/tei-support-judge.js';
export {
  chatModelFromConfig,
  crossEncoderFromConfig,
  embedderFromConfig,
  type EmbeddingsConfig,
  embeddingsEnv,
  type LlmConfig,
  llmEnv,
  type RerankerConfig,
  rerankerEnv,
  type SupportJudgeConfig,
  supportJudgeEnv,
  supportJudgeFromConfig,
} from './config/models-env.js';
