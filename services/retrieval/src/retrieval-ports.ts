import type { Language, RetrievalLeg } from '@support/contracts';
import type { Embedder } from '@support/models';
import { SENTENCE_MIN_SCORE, selectAnswer } from '@support/reading';
import { expandQuery, type TermPair, translateQuery } from '@support/text';
import type { VectorIndex } from '@support/vector-index';
import type { SparseEncoder } from './ingestion/document-indexer.js';
import type { CandidateChunk, RetrievalPorts } from './pipeline/retrieval-pipeline.js';
import type { SentenceSelection } from './pipeline/sentence-gate.js';

export interface RetrievalAdapters {
  readonly index: VectorIndex;
  readonly embedder: Embedder;
  readonly sparse: { en: SparseEncoder; ar: SparseEncoder };
  /** The bus round trip to the reranker proxy in the service; a direct call in benchmarks. */
  readonly reranker: Pick<RetrievalPorts, 'rerank'>;
  readonly detectLanguage: (text: string) => Language;
  readonly lexicalScores: (query: string, texts: readonly string[]) => number[];
  /** The knowledge base's glossary per namespace (none: synonyms and dialect only). */
  readonly glossary?: { pairs(namespace: string): readonly TermPair[] };
}

/** The sentence gate of the extractive responder: the same selection it answers with. */
export function extractiveSentenceSelection(
  query: string,
  chunks: readonly { chunkId: string; lang: string; text: string }[],
  language: Language,
): SentenceSelection {
  const { scored, picked } = selectAnswer(query, chunks, { language });
  return { floor: SENTENCE_MIN_SCORE, scored, answered: picked.length > 0 };
}

/** Binds the pipeline's ports to concrete adapters: the index, the embedder, BM25, the bus. */
export function retrievalPorts(adapters: RetrievalAdapters): RetrievalPorts {
  const { index, embedder, sparse } = adapters;
  const toCandidates = (hits: Awaited<ReturnType<VectorIndex['query']>>): CandidateChunk[] =>
    hits.map(({ chunkId, docId, title, lang, text }) => ({ chunkId, docId, title, lang, text }));
  return {
    detectLanguage: adapters.detectLanguage,
    lexicalScores: adapters.lexicalScores,
    rerank: (query, candidates, trace) => adapters.reranker.rerank(query, candidates, trace),
    now: () => performance.now(),
    answerSentences: extractiveSentenceSelection,
    expandQuery: (query, namespace, reach) =>
      expandQuery(query, adapters.glossary?.pairs(namespace), { reach }),
    translateQuery: (query, namespace) =>
      translateQuery(query, adapters.glossary?.pairs(namespace)),
    searchLeg: async (namespace: string, leg: RetrievalLeg, query: string, limit: number) => {
      if (leg === 'dense')
        return toCandidates(
          await index.query(namespace, 'dense', await embedder.embedQuery(query), limit),
        );
      const vector = (leg === 'sparse_en' ? sparse.en : sparse.ar).encodeQuery(query);
      if (vector.indices.length === 0) return [];
      return toCandidates(await index.query(namespace, leg, vector, limit));
    },
  };
}
