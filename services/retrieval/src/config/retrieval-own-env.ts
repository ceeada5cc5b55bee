import { RERANK_MAX_CANDIDATES } from '@support/contracts';
import { busEnv, httpEnv, int, num, optional, str, url } from '@support/platform/pure';
import { DEFAULT_LEXICAL_MIN_SCORE, DEFAULT_RERANK_MIN_SCORE } from '@support/policy';

/** Retrieval's own settings; every figure is the design's default. */
export const retrievalOwnEnv = {
  LEG_TIMEOUT_MS: int({ default: 2000, min: 1, description: 'deadline of each retrieval leg' }),
  LEG_TOP_K: int({ default: 20, min: 1, max: 200, description: 'hits each leg fetches' }),
  FUSED_TOP_K: int({
    default: 12,
    min: 1,
    // A rerank request carries at most this many candidates.
    max: RERANK_MAX_CANDIDATES,
    description: 'fused candidates sent to the reranker',
  }),
  PROMPT_CHUNKS: int({
    default: 4,
    min: 1,
    max: 20,
    description: 'chunks that enter the prompt (and those tied with the last, up to twice as many)',
  }),
  RRF_K: int({ default: 60, min: 1, description: 'reciprocal rank fusion constant' }),
  RERANK_WAIT_MS: int({
    default: 2500,
    min: 1,
    description: 'how long retrieval waits for rerank.completed',
  }),
  RERANK_MIN_SCORE: num({
    default: DEFAULT_RERANK_MIN_SCORE,
    min: 0,
    max: 1,
    description: 'answerability floor for cross-encoder scores (0..1)',
  }),
  LEXICAL_MIN_SCORE: num({
    default: DEFAULT_LEXICAL_MIN_SCORE,
    min: 0,
    max: 1,
    description: 'answerability floor for lexical scores (0..1)',
  }),
  QDRANT_URL: optional(
    url({ protocols: ['http', 'https'], description: 'Qdrant; unset = in-process index' }),
  ),
  QDRANT_API_KEY: optional(str({ description: 'Qdrant API key' })),
  VECTOR_INDEX_DIR: str({
    default: '.data/index',
    description: 'where the in-process index persists',
  }),
  KB_NAMESPACE: str({ default: 'support_docs', description: 'default collection / namespace' }),
  RETRIEVAL_INSTANCE: str({
    default: 'retrieval',
    description: 'unique per retrieval pod: names its reply consumer',
  }),
};

export const retrievalBaseEnv = { ...busEnv, ...httpEnv, ...retrievalOwnEnv };
