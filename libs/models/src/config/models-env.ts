import { type ConfigOf, int, num, optional, str, url } from '@support/platform/pure';
import type { ChatModel } from '../chat/chat-model.js';
import { ExtractiveResponder } from '../chat/extractive-responder.js';
import { OpenAiCompatibleChatModel } from '../chat/openai-compatible-chat-model.js';
import type { Embedder } from '../embeddings/embedder.js';
import { HashingEmbedder } from '../embeddings/hashing-embedder.js';
import { OpenAiCompatibleEmbedder } from '../embeddings/openai-compatible-embedder.js';
import type { CrossEncoder } from '../reranker/cross-encoder.js';
import { TeiCrossEncoder } from '../reranker/tei-cross-encoder.js';
import { DEFAULT_MIN_ENTAILMENT } from '../support-judge/support-judge.js';
import { DEFAULT_ENTAILMENT_LABEL, TeiSupportJudge } from '../support-judge/tei-support-judge.js';

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

export const supportJudgeEnv = {
  SUPPORT_JUDGE_URL: optional(
    url({
      protocols: ['http', 'https'],
      description:
        'NLI cross-encoder host speaking TEI /predict (a classifier with an entailment label); unset = no judge, the word share decides',
    }),
  ),
  SUPPORT_JUDGE_LABEL: str({
    default: DEFAULT_ENTAILMENT_LABEL,
    description: "the served classifier's label for 'the premise entails the hypothesis'",
  }),
  // Below 0.5 another label may win: the judge would vouch for what it doubts.
  SUPPORT_JUDGE_MIN_ENTAILMENT: num({
    default: DEFAULT_MIN_ENTAILMENT,
    min: 0.5,
    max: 1,
    description:
      'entailment probability at which the judge vouches for a sentence the word share fails',
  }),
  SUPPORT_JUDGE_TIMEOUT_MS: int({
    default: 2_000,
    min: 1,
    description: 'timeout of one support judge call (every pair of a reply, /info the first time)',
  }),
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
export type SupportJudgeConfig = ConfigOf<typeof supportJudgeEnv>;

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

/** The TEI support judge when `SUPPORT_JUDGE_URL` is set; null means no judge (the embedded default). */
export function supportJudgeFromConfig(config: SupportJudgeConfig): TeiSupportJudge | null {
  if (config.SUPPORT_JUDGE_URL === undefined) return null;
  return new TeiSupportJudge({
    baseUrl: config.SUPPORT_JUDGE_URL,
    timeoutMs: config.SUPPORT_JUDGE_TIMEOUT_MS,
    entailmentLabel: config.SUPPORT_JUDGE_LABEL,
  });
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
