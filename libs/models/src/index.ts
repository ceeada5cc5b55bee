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
export {
  type AssistantMessage,
  type ChatCompletion,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  ESCALATE_TOOL,
  type FinishReason,
  type ImagePart,
  type JsonObjectSchema,
  parseToolArguments,
  SEARCH_KNOWLEDGE_BASE_TOOL,
  type SystemMessage,
  type TextPart,
  type ToolCall,
  type ToolMessage,
  type ToolSpec,
  type UserContentPart,
  type UserMessage,
  userText,
} from './chat/chat-model.js';
export {
  CUSTOMER_ASKED_FOR_HUMAN,
  ExtractiveResponder,
  type ExtractiveResponderOptions,
} from './chat/extractive-responder.js';
export { REPHRASE_REQUEST } from './chat/rephrase-request.js';
export {
  type AnswerSelection,
  type ScoredSentence,
  SENTENCE_MIN_SCORE,
  selectAnswer,
  type SelectionOptions,
} from './chat/answer-selection/select-answer.js';
export { detectQuestionType, type QuestionType } from './chat/answer-selection/question-type.js';
export { asksForHuman } from './chat/human-request.js';
export {
  OpenAiCompatibleChatModel,
  type OpenAiCompatibleChatModelOptions,
  stripReasoning,
} from './chat/openai-compatible-chat-model.js';
export {
  formatChunksForPrompt,
  parseChunksFromToolMessage,
  type PromptChunk,
} from './chat/prompt-chunks.js';
export { buildSystemPrompt, SYSTEM_PROMPT_EN } from './chat/system-prompt.js';
export {
  estimateJsonTokens,
  estimateMessageTokens,
  estimateRequestTokens,
  estimateTextTokens,
  estimateToolsTokens,
} from './chat/token-estimate.js';
export * from './config/models-env.js';
// Local stand-ins for the model servers, for any package's integration tests (no jest inside).
export {
  type FakeOpenAiBehaviour,
  FakeOpenAiServer,
  type FakeOpenAiServerOptions,
  type RecordedEmbeddingsRequest,
} from './testing/fake-openai-server.js';
export { type FakeTeiBehaviour, FakeTeiServer } from './testing/fake-tei-server.js';
export {
  type FakeChatReply,
  FakeOpenAiChatServer,
  type FakeOpenAiChatServerOptions,
  type FakeToolCall,
  type RecordedChatRequest,
} from './testing/fake-openai-chat-server.js';
export { messageText, questionOf, searchThenQuote } from './testing/search-then-quote.js';
export { chatRequestOf, recordedRequestTokens } from './testing/recorded-chat-request.js';
