import { describe, expect, it, jest } from '@jest/globals';
import type { RetrievalLeg } from '@support/contracts';
import {
  type CandidateChunk,
  promptCut,
  RetrievalPipeline,
  type RetrievalPorts,
  type RerankOutcome,
} from './retrieval-pipeline.js';
import { runLegs } from './run-legs.js';
import { extractiveSentenceSelection } from '../retrieval-ports.js';

describe('legs under deadlines', () => {
  it('drops a leg that hangs past its timeout and one that fails, and keeps the others', async () => {
    jest.useFakeTimers();
    const running = runLegs<string>(
      ['dense', 'sparse_en', 'sparse_ar'],
      async (leg, signal) => {
        if (leg === 'sparse_en')
          return new Promise<string[]>((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted'))),
          );
        if (leg === 'sparse_ar')
          throw Object.assign(new Error('index down'), { code: 'index_unavailable' });
        return ['a'];
      },
      50,
      () => jest.now(),
    );
    let outcomes: Awaited<typeof running>;
    try {
      await jest.advanceTimersByTimeAsync(50);
      outcomes = await running;
    } finally {
      jest.useRealTimers();
    }
    expect(outcomes.map((o) => [o.leg, o.status, o.hits.length, o.error?.code])).toEqual([
      ['dense', 'ok', 1, undefined],
      ['sparse_en', 'timed_out', 0, 'leg_timeout'],
      ['sparse_ar', 'failed', 0, 'index_unavailable'],
    ]);
    expect(outcomes.map((o) => o.latencyMs)).toEqual([0, 50, 0]);
  });
});

describe('retrieval pipeline', () => {
  const chunk = (id: string, text: string): CandidateChunk => ({
    chunkId: id,
    docId: id.split('#')[0]!,
    title: id,
    lang: 'en',
    text,
  });
  const corpus: Record<RetrievalLeg, CandidateChunk[]> = {
    dense: [
      chunk('returns#1', 'return within 14 days'),
      chunk('delivery#1', 'delivery takes 2 days'),
    ],
    sparse_en: [chunk('returns#1', 'return within 14 days')],
    sparse_ar: [chunk('ar-returns#1', 'الإرجاع خلال 14 يوما')],
  };
  const settings = {
    legTimeoutMs: 100,
    legTopK: 20,
    fusedTopK: 12,
    promptChunks: 4,
    rrfK: 60,
    rerankMinScore: 0.5,
    lexicalMinScore: 0.3,
  };
  const trace = {
    requestId: 'r1',
    conversationId: 'c1',
    turnId: 't1',
    correlationId: 'x',
    causationId: null,
  };

  function ports(
    overrides: Partial<RetrievalPorts> & { rerankWith?: RerankOutcome },
  ): RetrievalPorts {
    return {
      detectLanguage: () => 'en',
      searchLeg: async (_ns, leg) => corpus[leg],
      rerank: async (_q, candidates) =>
        overrides.rerankWith ?? {
          status: 'ok',
          scorer: 'cross_encoder',
          scores: candidates.map((c, i) => ({ chunkId: c.chunkId, score: i === 0 ? 0.2 : 0.9 })),
          latencyMs: 3,
        },
      lexicalScores: (_q, texts) => texts.map((t) => (t.includes('return') ? 0.8 : 0.1)),
      answerSentences: extractiveSentenceSelection,
      expandQuery: (query) => query,
      translateQuery: (query) => query,
      now: () => performance.now(),
      ...overrides,
    };
  }

  it('reorders by reranker score, records skipped legs and passes the gate', async () => {
    const result = await new RetrievalPipeline(ports({}), settings).retrieve(
      'return?',
      trace,
      'kb',
    );
    expect(result.verdict).toBe('ok');
    expect(result.legs.map((l) => [l.leg, l.status])).toEqual([
      ['dense', 'ok'],
      ['sparse_en', 'ok'],
      ['sparse_ar', 'skipped'],
    ]);
    expect(result.fused.map((f) => f.chunkId)).toEqual(['returns#1', 'delivery#1']);
    expect(result.chunks.map((c) => [c.chunkId, c.score])).toEqual([
      ['delivery#1', 0.9],
      ['returns#1', 0.2],
    ]);
    expect(result.gate).toEqual({ kind: 'reranker', floor: 0.5, topScore: 0.9, passed: true });
  });

  it('says retrieval_unavailable when every leg fails', async () => {
    const result = await new RetrievalPipeline(
      ports({
        searchLeg: async () => {
          throw new Error('down');
        },
      }),
      settings,
    ).retrieve('q', trace, 'kb');
    expect(result).toMatchObject({ verdict: 'retrieval_unavailable', chunks: [], fused: [] });
    expect(result.legs.filter((l) => l.status === 'failed')).toHaveLength(2);
  });

  it('says retrieval_unavailable when fusion has zero candidates', async () => {
    const result = await new RetrievalPipeline(
      ports({ searchLeg: async () => [] }),
      settings,
    ).retrieve('q', trace, 'kb');
    expect(result.verdict).toBe('retrieval_unavailable');
  });

  it('says below_score_floor when the best reranked chunk is under the floor', async () => {
    const low: RerankOutcome = {
      status: 'ok',
      scorer: 'cross_encoder',
      scores: [
        { chunkId: 'returns#1', score: 0.1 },
        { chunkId: 'delivery#1', score: 0.2 },
      ],
      latencyMs: 1,
    };
    const result = await new RetrievalPipeline(ports({ rerankWith: low }), settings).retrieve(
      'q',
      trace,
      'kb',
    );
    expect(result).toMatchObject({
      verdict: 'below_score_floor',
      gate: { kind: 'reranker', topScore: 0.2, passed: false },
    });
  });

  it('keeps RRF order on fail-open and gates on the lexical score instead', async () => {
    const failOpen: RerankOutcome = {
      status: 'failed_open',
      scorer: 'lexical',
      scores: [],
      latencyMs: 1500,
      error: { code: 'rerank_timeout', message: 'slow' },
    };
    const result = await new RetrievalPipeline(ports({ rerankWith: failOpen }), settings).retrieve(
      'q',
      trace,
      'kb',
    );
    expect(result.rerank).toMatchObject({ failOpen: true, scorer: 'lexical' });
    expect(result.chunks.map((c) => [c.chunkId, c.score])).toEqual([
      ['returns#1', 0.8],
      ['delivery#1', 0.1],
    ]);
    expect(result.gate).toEqual({ kind: 'lexical', floor: 0.3, topScore: 0.8, passed: true });

    const neighbour = await new RetrievalPipeline(
      ports({ rerankWith: failOpen, lexicalScores: (_q, texts) => texts.map(() => 0.1) }),
      settings,
    ).retrieve('wholesale', trace, 'kb');
    expect(neighbour).toMatchObject({
      verdict: 'below_score_floor',
      gate: { kind: 'lexical', passed: false },
    });
  });
  describe('the sentence gate (asked for by an extractive agent)', () => {
    it('passes when a sentence answers the question, and lists the sentence scores', async () => {
      const result = await new RetrievalPipeline(ports({}), settings).retrieve(
        'How many days do I have for a return?',
        trace,
        'kb',
        { sentenceGate: true },
      );
      expect(result.verdict).toBe('ok');
      expect(result.gate?.passed).toBe(true);
      expect(result.gate?.sentence?.passed).toBe(true);
      expect(result.gate?.sentence?.sentences[0]).toEqual({
        chunkId: 'returns#1',
        text: 'return within 14 days',
        score: 1,
      });
    });

    it('says below_score_floor when chunks pass but no sentence answers what is asked', async () => {
      // "How much" asks for an amount; the chunks share its words but state only durations.
      const result = await new RetrievalPipeline(ports({}), settings).retrieve(
        'How much does a return cost?',
        trace,
        'kb',
        { sentenceGate: true },
      );
      expect(result.verdict).toBe('below_score_floor');
      expect(result.gate).toMatchObject({ kind: 'reranker', topScore: 0.9, passed: false });
      expect(result.gate?.sentence?.passed).toBe(false);
      const scores = result.gate?.sentence?.sentences.map((s) => s.score) ?? [];
      expect(scores.length).toBeGreaterThan(0);
      expect(Math.max(...scores)).toBeLessThan(result.gate!.sentence!.floor);
    });

    it('is left out when not asked for', async () => {
      const result = await new RetrievalPipeline(ports({}), settings).retrieve(
        'How much does a return cost?',
        trace,
        'kb',
      );
      expect(result.verdict).toBe('ok');
      expect(result.gate?.sentence).toBeUndefined();
    });
  });
});

describe('promptCut', () => {
  const scored = (...scores: number[]) => scores.map((score) => ({ score }));

  it('keeps the chunks that tie with the last one kept, up to twice as many', () => {
    expect(promptCut(scored(1, 0.8, 0.6, 0.5, 0.4), 4)).toBe(4);
    expect(promptCut(scored(1, 1, 1, 1, 1, 0.9), 4)).toBe(5);
    expect(promptCut(scored(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 4)).toBe(8);
  });

  it('never keeps a tie at zero, nor more chunks than there are', () => {
    expect(promptCut(scored(0.5, 0, 0, 0, 0, 0), 2)).toBe(2);
    expect(promptCut(scored(1, 1), 4)).toBe(2);
    expect(promptCut([], 4)).toBe(0);
  });
});
