import { loadConfig } from '@support/platform/pure';
import type { RetrievalSettings } from '../pipeline/retrieval-pipeline.js';
import { retrievalOwnEnv } from './retrieval-own-env.js';

export interface RetrievalConfig extends RetrievalSettings {
  readonly rerankWaitMs: number;
  readonly qdrantUrl?: string;
  readonly qdrantApiKey?: string;
  readonly indexDirectory: string;
  readonly namespace: string;
  readonly instance: string;
}

export const RETRIEVAL_CONFIG = Symbol('RETRIEVAL_CONFIG');

export function retrievalConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): RetrievalConfig {
  const c = loadConfig(retrievalOwnEnv, env);
  return {
    legTimeoutMs: c.LEG_TIMEOUT_MS,
    legTopK: c.LEG_TOP_K,
    fusedTopK: c.FUSED_TOP_K,
    promptChunks: c.PROMPT_CHUNKS,
    rrfK: c.RRF_K,
    rerankMinScore: c.RERANK_MIN_SCORE,
    lexicalMinScore: c.LEXICAL_MIN_SCORE,
    rerankWaitMs: c.RERANK_WAIT_MS,
    qdrantUrl: c.QDRANT_URL,
    qdrantApiKey: c.QDRANT_API_KEY,
    indexDirectory: c.VECTOR_INDEX_DIR,
    namespace: c.KB_NAMESPACE,
    instance: c.RETRIEVAL_INSTANCE,
  };
}
