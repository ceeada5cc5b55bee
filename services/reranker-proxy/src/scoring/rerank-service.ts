import {
  ERROR_CODE_MAX_CHARS,
  ERROR_MESSAGE_MAX_CHARS,
  type ChunkScoreDto,
  type RerankCompletedPayload,
  type RerankRequestedPayload,
} from '@support/contracts';

/** The cross-encoder host, behind its port (TEI-style `/rerank` in production). */
export interface CrossEncoderPort {
  rerank(query: string, texts: string[], options?: { signal?: AbortSignal }): Promise<number[]>;
}

export type LexicalScorer = (query: string, texts: readonly string[]) => number[];

const clamp = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e4) / 1e4;

/**
 * The only caller of the cross-encoder. With no cross-encoder configured, the local lexical scorer
 * is the reranker. A cross-encoder that fails or overruns its deadline fails open: the reply says
 * so, carries no scores, and retrieval keeps RRF order with its lexical gate.
 */
export class RerankService {
  constructor(
    private readonly crossEncoder: CrossEncoderPort | null,
    private readonly lexical: LexicalScorer,
    private readonly timeoutMs: number,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {}

  async score(request: RerankRequestedPayload): Promise<RerankCompletedPayload> {
    const started = this.monotonicMs();
    const texts = request.candidates.map((c) => c.text);
    const withIds = (scores: readonly number[]): ChunkScoreDto[] =>
      request.candidates.map((c, i) => ({ chunkId: c.chunkId, score: clamp(scores[i] ?? 0) }));
    const latencyMs = () => Math.round(this.monotonicMs() - started);

    if (!this.crossEncoder) {
      return {
        requestId: request.requestId,
        status: 'ok',
        scorer: 'lexical',
        scores: withIds(this.lexical(request.query, texts)),
        latencyMs: latencyMs(),
      };
    }
    try {
      const scores = await this.crossEncoder.rerank(request.query, texts, {
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (scores.length !== texts.length || scores.some((s) => !Number.isFinite(s)))
        throw Object.assign(
          new Error(`expected ${texts.length} finite scores, got ${scores.length}`),
          {
            code: 'model_invalid_response',
          },
        );
      return {
        requestId: request.requestId,
        status: 'ok',
        scorer: 'cross_encoder',
        scores: withIds(scores),
        latencyMs: latencyMs(),
      };
    } catch (error) {
      const code = String(
        (error as { code?: unknown }).code ??
          ((error as Error).name === 'TimeoutError' ? 'model_timeout' : 'model_unavailable'),
      );
      return {
        requestId: request.requestId,
        status: 'failed_open',
        scorer: 'cross_encoder',
        scores: [],
        latencyMs: latencyMs(),
        error: {
          code: code.slice(0, ERROR_CODE_MAX_CHARS),
          message: ((error as Error).message || code).slice(0, ERROR_MESSAGE_MAX_CHARS),
        },
      };
    }
  }
}
