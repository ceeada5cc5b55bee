import { type ConfigOf, int, optional, str, url } from '@support/platform';
import type { ChatModel } from '../chat/chat-model.js';
import { ExtractiveResponder } from '../chat/extractive-responder.js';
import { OpenAiCompatibleChatModel } from '../chat/openai-compatible-chat-model.js';
import type { Embedder } from '../embeddings/embedder.js';
import { HashingEmbedder } from '../embeddings/hashing-embedder.js';
import { OpenAiCompatibleEmbedder } from '../embeddings/openai-compatible-embedder.js';
import type { CrossEncoder } from '../reranker/cross-encoder.js';
import { TeiCrossEncoder } from '../reranker/tei-cross-encoder.js';

export const embeddingsEnv = {
  EMBEDDINGS_BASE_URL: optional(
    url({
      protocols: ['http', 'https'],
      description:
        'OpenAI-compatible embeddings API incl. /v1 (vLLM); unset = local hashing embedder',
    }),
  ),
  EMBEDDINGS_MODEL: str({
    default: 'Qwen/Qwen3-Embedding-0.6B',
    description: 'embeddings model name sent to the server',
  }),
  EMBEDDINGS_TIMEOUT_MS: int({
    default: 10_000,
    min: 1,
    description: 'timeout of one embeddings request',
  }),
  EMBEDDINGS_BATCH: int({
    default: 32,
    min: 1,
    max: 2048,
    description: 'texts per embeddings request',
  }),
};

export const rerankerEnv = {
  RERANKER_URL: optional(
    url({
      protocols: ['http', 'https'],
      description: 'cross-encoder host speaking TEI /rerank; unset = no cross-encoder',
    }),
  ),
  RERANK_TIMEOUT_MS: int({ default: 1_500, min: 1, description: 'timeout of one rerank call' }),
};

export const llmEnv = {
  LLM_BASE_URL: optional(
    url({
      protocols: ['http', 'https'],
      description:
        'OpenAI-compatible chat API incl. /v1 (vLLM serving Qwen3-VL-8B); unset = extractive responder',
    }),
  ),
  LLM_MODEL: str({
    default: 'Qwen/Qwen3-VL-8B-Instruct',
    description: 'chat model name sent to the server',
  }),
  LLM_TIMEOUT_MS: int({
    default: 30_000,
    min: 1,
    description: 'timeout of one chat completion, retries included',
  }),
  LLM_MAX_RETRIES: int({
    default: 1,
    min: 0,
    max: 10,
    description: 'retries of a failed chat completion (connection errors, 408/409/429/5xx)',
  }),
};

export type EmbeddingsConfig = ConfigOf<typeof embeddingsEnv>;
export type RerankerConfig = ConfigOf<typeof rerankerEnv>;
export type LlmConfig = ConfigOf<typeof llmEnv>;

/** The production embedder when a server is configured, else the embedded hashing default. */
export function embedderFromConfig(config: EmbeddingsConfig): Embedder {
  if (config.EMBEDDINGS_BASE_URL === undefined) return new HashingEmbedder();
  return new OpenAiCompatibleEmbedder({
    baseUrl: config.EMBEDDINGS_BASE_URL,
    model: config.EMBEDDINGS_MODEL,
    timeoutMs: config.EMBEDDINGS_TIMEOUT_MS,
    batchSize: config.EMBEDDINGS_BATCH,
  });
}

/** The TEI cross-encoder when `RERANKER_URL` is set; null means "use the local fallback". */
export function crossEncoderFromConfig(config: RerankerConfig): CrossEncoder | null {
  if (config.RERANKER_URL === undefined) return null;
  return new TeiCrossEncoder({ baseUrl: config.RERANKER_URL, timeoutMs: config.RERANK_TIMEOUT_MS });
}

/** The OpenAI-compatible chat model when `LLM_BASE_URL` is set, else the extractive responder. */
export function chatModelFromConfig(config: LlmConfig): ChatModel {
  if (config.LLM_BASE_URL === undefined) return new ExtractiveResponder();
  return new OpenAiCompatibleChatModel({
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
  });
}
