import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crossEncoderFromConfig, HashingEmbedder, rerankerEnv } from '@support/models';
import { loadConfig } from '@support/platform/pure';
import { RerankService } from '@support/reranker-proxy/pure';
import {
  DocumentIndexer,
  parseKbMarkdown,
  RetrievalPipeline,
  retrievalConfigFromEnv,
  retrievalPorts,
  textAnalysis,
} from '@support/retrieval/pure';
import type { TermPair } from '@support/text';
import { InProcessVectorIndex, type VectorIndex } from '@support/vector-index';

/**
 * The retrieval pipeline wired in-process for benchmarks and calibration: the same indexer,
 * pipeline and default (lexical) reranker as the services, without the bus round trip.
 */
export function localRetrieval(
  options: {
    index?: VectorIndex;
    env?: Record<string, string>;
    /** The knowledge base's glossary, for every namespace (none: synonyms and dialect only). */
    glossary?: readonly TermPair[];
  } = {},
) {
  const index = options.index ?? new InProcessVectorIndex({});
  const embedder = new HashingEmbedder();
  const config = retrievalConfigFromEnv(options.env ?? {});
  // With RERANKER_URL set, calibration scores with the real cross-encoder; else the lexical default.
  const crossEncoder = crossEncoderFromConfig(
    loadConfig(rerankerEnv, { ...process.env, ...options.env }),
  );
  const reranker = new RerankService(crossEncoder, textAnalysis.lexicalScores, 5000);
  const indexer = new DocumentIndexer(index, embedder, textAnalysis.sparse);
  const pipeline = new RetrievalPipeline(
    retrievalPorts({
      index,
      embedder,
      sparse: textAnalysis.sparse,
      detectLanguage: textAnalysis.detectLanguage,
      lexicalScores: textAnalysis.lexicalScores,
      ...(options.glossary ? { glossary: { pairs: () => options.glossary! } } : {}),
      reranker: {
        rerank: async (query, candidates, trace) => {
          const result = await reranker.score({
            requestId: trace.requestId,
            query,
            candidates: candidates.map(({ chunkId, text }) => ({ chunkId, text })),
          });
          return {
            status: result.status,
            scorer: result.scorer,
            scores: result.scores,
            latencyMs: result.latencyMs,
          };
        },
      },
    }),
    config,
  );
  return { index, embedder, indexer, pipeline, config };
}

export function readKb(dir: string) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => parseKbMarkdown(readFileSync(join(dir, f), 'utf8'), f));
}

export interface LabelledQuestion {
  id: string;
  q: string;
  lang: string;
  kind: string;
  expect: string;
  docs: string[];
}

export function readQuestions(file: string): LabelledQuestion[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledQuestion);
}
