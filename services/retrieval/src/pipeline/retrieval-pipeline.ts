import type {
  ChunkDto,
  ChunkScoreDto,
  ErrorInfoDto,
  Language,
  RetrievalCompletedPayload,
  RetrievalLeg,
} from '@support/contracts';
import type { ServiceMetrics } from '@support/platform';
import { applyGate, legsFor, reciprocalRankFusion } from '@support/policy';
import { runLegs } from './run-legs.js';
import { sentenceGate, type SentenceSelection } from './sentence-gate.js';

/** A chunk as the index returns it. */
export interface CandidateChunk {
  readonly chunkId: string;
  readonly docId: string;
  readonly title: string;
  readonly lang: 'en' | 'ar';
  readonly text: string;
}

export interface RerankOutcome {
  readonly status: 'ok' | 'failed_open';
  readonly scorer: 'cross_encoder' | 'lexical';
  /** One per candidate that was scored (empty on fail-open). */
  readonly scores: readonly ChunkScoreDto[];
  readonly latencyMs: number;
  readonly error?: ErrorInfoDto;
}

/** Where a request came from, carried onto the events it causes. */
export interface TraceContext {
  readonly requestId: string;
  readonly conversationId: string | null;
  readonly turnId: string | null;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** Evaluation traffic: the rerank request it causes is too. */
  readonly synthetic?: boolean;
  /**
   * The request's query as it came, sealed under the customer's key: what the pipeline passes on
   * over the bus (the rerank query) is sealed under the same key. Absent in benchmarks.
   */
  readonly sealedQuery?: string;
}

/** What the pipeline needs from the outside world: ports, not adapters. */
export interface RetrievalPorts {
  detectLanguage(text: string): Language;
  /**
   * The text the legs search with: the query plus synonyms, standard Arabic for dialect words and
   * the other language's terms (the namespace's glossary included). Reranking and gates keep the
   * query as the customer wrote it.
   */
  expandQuery(query: string, namespace: string, reach: 'own' | 'both'): string;
  /** The query with its glossary terms in the other language, to score the other language's chunks. */
  translateQuery(query: string, namespace: string): string;
  /** Runs one leg for the query (embedding or sparse encoding included) and returns its hits, best first. */
  searchLeg(
    namespace: string,
    leg: RetrievalLeg,
    query: string,
    limit: number,
    signal: AbortSignal,
  ): Promise<CandidateChunk[]>;
  /** Scores candidates against the query (the reranker proxy over the bus); never throws. */
  rerank(
    query: string,
    candidates: readonly CandidateChunk[],
    trace: TraceContext,
  ): Promise<RerankOutcome>;
  /** The local lexical answerability score of each text, 0..1, in order. */
  lexicalScores(query: string, texts: readonly string[]): number[];
  /** Scores the sentences of the prompt chunks for answering the query (the sentence gate). */
  answerSentences(
    query: string,
    chunks: readonly Pick<ChunkDto, 'chunkId' | 'lang' | 'text'>[],
    language: Language,
  ): SentenceSelection;
  now(): number;
}

/** What the pipeline records about its legs (the service's metrics; none in benchmarks). */
export type LegMetrics = Pick<ServiceMetrics, 'legTimedOut' | 'stageTook'>;

export interface RetrievalSettings {
  readonly legTimeoutMs: number;
  readonly legTopK: number;
  readonly fusedTopK: number;
  readonly promptChunks: number;
  readonly rrfK: number;
  readonly rerankMinScore: number;
  readonly lexicalMinScore: number;
}

/**
 * One retrieval: route by language, run the legs under their deadlines, fuse with RRF, rerank the
 * fused top, apply the answerability gate, and return the full trace with the prompt chunks.
 */
export class RetrievalPipeline {
  constructor(
    private readonly ports: RetrievalPorts,
    private readonly settings: RetrievalSettings,
    private readonly metrics?: LegMetrics,
  ) {}

  /**
   * Searches the documents in the query's own language first (synonyms, standard Arabic for
   * dialect words); only when that finds nothing that passes the gates does it search the other language's
   * documents with the other language's terms (shop concepts, the glossary), and answers from
   * that search when it passes. A question answered in its own language never picks up a
   * document in the other one.
   */
  async retrieve(
    query: string,
    trace: TraceContext,
    namespace: string,
    options: { sentenceGate?: boolean } = {},
  ): Promise<RetrievalCompletedPayload> {
    const started = this.ports.now();
    const language = this.ports.detectLanguage(query);
    const own = this.ports.expandQuery(query, namespace, 'own');
    // A mixed question searches both languages at once; any other its own language's documents.
    const ownLanguage = language === 'mixed' ? undefined : language;
    const first = await this.search(query, own, trace, namespace, options, started, ownLanguage);
    if (ownLanguage === undefined || first.verdict === 'ok') return first;
    // Legs that answered with nothing in the question's language are not an outage: the
    // knowledge base may have the answer in the other one only.
    const ownLanguageEmpty =
      first.verdict === 'retrieval_unavailable' && first.legs.some((leg) => leg.status === 'ok');
    if (first.verdict !== 'below_score_floor' && !ownLanguageEmpty) return first;
    // The second search only looks at the other language's documents: its own were just found
    // wanting, and a prompt all in the other language tells the agent why its answer is.
    const other = language === 'en' ? 'ar' : 'en';
    const second = await this.search(
      query,
      this.ports.expandQuery(query, namespace, 'both'),
      trace,
      namespace,
      options,
      started,
      other,
      { rerankQuery: this.ports.translateQuery(query, namespace) },
    );
    return second.verdict === 'ok' || ownLanguageEmpty ? second : first;
  }

  private async search(
    query: string,
    searchText: string,
    trace: TraceContext,
    namespace: string,
    options: { sentenceGate?: boolean },
    started: number,
    onlyLanguage?: 'en' | 'ar',
    scoring: { rerankQuery?: string } = {},
  ): Promise<RetrievalCompletedPayload> {
    const { requestId } = trace;
    const language = this.ports.detectLanguage(query);
    // Routed by the expanded text: an English question that the glossary or the shop concepts
    // put into Arabic searches the Arabic documents too.
    const { run, skip } = legsFor(this.ports.detectLanguage(searchText));
    const outcomes = await runLegs<CandidateChunk>(
      run,
      (leg, signal) =>
        this.ports.searchLeg(namespace, leg, searchText, this.settings.legTopK, signal),
      this.settings.legTimeoutMs,
      () => this.ports.now(),
    );
    for (const { leg, status, latencyMs } of outcomes) {
      this.metrics?.stageTook(`leg_${leg}`, latencyMs / 1000);
      if (status === 'timed_out') this.metrics?.legTimedOut(leg);
    }
    const legs = [
      ...outcomes.map(({ leg, status, latencyMs, hits, error }) => ({
        leg,
        status,
        latencyMs,
        hits: hits.length,
        ...(error ? { error } : {}),
      })),
      ...skip.map((leg) => ({ leg, status: 'skipped' as const, latencyMs: 0, hits: 0 })),
    ];
    const answered = outcomes
      .filter((o) => o.status === 'ok')
      .map((o) =>
        onlyLanguage ? { ...o, hits: o.hits.filter((hit) => hit.lang === onlyLanguage) } : o,
      );
    const fusedAll = reciprocalRankFusion(answered, this.settings.rrfK);
    const fused = fusedAll.map(({ hit, rrfScore, ranks }) => ({
      chunkId: hit.chunkId,
      docId: hit.docId,
      rrfScore: Math.round(rrfScore * 1e6) / 1e6,
      ranks,
    }));
    const elapsed = () => Math.round(this.ports.now() - started);

    if (answered.length === 0 || fusedAll.length === 0) {
      return {
        requestId,
        verdict: 'retrieval_unavailable',
        language,
        legs,
        fused,
        chunks: [],
        latencyMs: elapsed(),
      };
    }

    const candidates = fusedAll.slice(0, this.settings.fusedTopK).map((f) => f.hit);
    // The chunk scorers read the query in the chunks' language when it was translated; the
    // sentence gate reads it as the customer wrote it, as the responder does.
    const rerankQuery = scoring.rerankQuery ?? query;
    const rerank = await this.ports.rerank(rerankQuery, candidates, trace);
    const ranked = this.rank(rerankQuery, candidates, rerank);
    const gate = applyGate(
      ranked.scorer,
      ranked.items.map((i) => i.score),
      { rerank: this.settings.rerankMinScore, lexical: this.settings.lexicalMinScore },
    );
    const chunks: ChunkDto[] = ranked.items
      .slice(0, promptCut(ranked.items, this.settings.promptChunks))
      .map(({ chunk, score }) => ({
        chunkId: chunk.chunkId,
        docId: chunk.docId,
        title: chunk.title,
        lang: chunk.lang,
        text: chunk.text,
        score,
      }));
    // The sentence gate only asks more of chunks that passed: a sentence answers, or nothing does.
    const sentence =
      options.sentenceGate && gate.passed
        ? sentenceGate(this.ports.answerSentences(query, chunks, language))
        : undefined;
    const passed = gate.passed && (sentence?.passed ?? true);
    return {
      requestId,
      verdict: passed ? 'ok' : 'below_score_floor',
      language,
      legs,
      fused,
      rerank: {
        scorer: rerank.scorer,
        failOpen: rerank.status === 'failed_open',
        scores: [...rerank.scores],
        latencyMs: rerank.latencyMs,
        ...(rerank.error ? { error: rerank.error } : {}),
      },
      gate: { ...gate, passed, ...(sentence ? { sentence } : {}) },
      chunks,
      latencyMs: elapsed(),
    };
  }

  /**
   * Reranked order. With scores from the proxy, best score first (RRF order breaks ties). On
   * fail-open, RRF order is kept and each candidate carries its local lexical score, which the
   * gate then judges against its own floor.
   */
  private rank(query: string, candidates: readonly CandidateChunk[], rerank: RerankOutcome) {
    if (rerank.status === 'ok') {
      const byId = new Map(rerank.scores.map((s) => [s.chunkId, s.score]));
      const items = candidates
        .map((chunk, rrfRank) => ({ chunk, score: round(byId.get(chunk.chunkId) ?? 0), rrfRank }))
        .sort((a, b) => b.score - a.score || a.rrfRank - b.rrfRank);
      return { scorer: rerank.scorer, items };
    }
    const lexical = this.ports.lexicalScores(
      query,
      candidates.map((c) => c.text),
    );
    return {
      scorer: 'lexical' as const,
      items: candidates.map((chunk, i) => ({ chunk, score: round(lexical[i] ?? 0), rrfRank: i })),
    };
  }
}

/**
 * How many of the ranked chunks enter the prompt: `promptChunks`, and the ones that tie with the
 * last of them, up to twice as many. A cut inside a tie would drop a chunk that scored as well as
 * one kept, by the order the legs happened to return them in (the table of fees behind three
 * pages that mention delivery in passing).
 */
export function promptCut(items: readonly { score: number }[], promptChunks: number): number {
  let n = Math.min(promptChunks, items.length);
  const last = items[n - 1]?.score;
  if (last === undefined || last === 0) return n;
  while (n < items.length && n < promptChunks * 2 && items[n]!.score === last) n += 1;
  return n;
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e4) / 1e4;
