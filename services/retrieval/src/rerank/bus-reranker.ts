import {
  createEvent,
  inheritSynthetic,
  RerankRequested,
  type RerankCompletedPayload,
} from '@support/contracts';
import type {
  CandidateChunk,
  RerankOutcome,
  TraceContext,
} from '../pipeline/retrieval-pipeline.js';
import { type EventPublisher, newEventId, PendingReplies } from '@support/bus';
import type { PersonalData } from '@support/privacy';
import {
  type Clock,
  type RerankFailOpenCause,
  type ServiceMetrics,
  systemClock,
} from '@support/platform';

/** What the rerank round trip records: its latency and each fail-open, with its cause. */
export type RerankMetrics = Pick<ServiceMetrics, 'rerankerFailedOpen' | 'timeStage'>;

/**
 * The rerank port over the bus: publishes `rerank.requested` and waits for the proxy's
 * `rerank.completed`. No answer within the deadline (proxy down, bus slow) is a fail-open, never an
 * error: the pipeline then keeps RRF order and gates on the lexical score. The query leaves sealed
 * under the key of the request's query (the customer's); a query that names no key (an upcast
 * version-1 request) is not sent, and scored lexically.
 */
export class BusReranker {
  readonly replies = new PendingReplies<RerankCompletedPayload>();

  constructor(
    private readonly publisher: EventPublisher,
    private readonly timeoutMs: number,
    private readonly metrics: RerankMetrics,
    private readonly personalData: Pick<PersonalData, 'sealTextBeside'>,
    private readonly clock: Clock = systemClock,
  ) {}

  async rerank(
    query: string,
    candidates: readonly CandidateChunk[],
    trace: TraceContext,
  ): Promise<RerankOutcome> {
    return this.metrics.timeStage('rerank', () => this.roundTrip(query, candidates, trace));
  }

  private async roundTrip(
    query: string,
    candidates: readonly CandidateChunk[],
    trace: TraceContext,
  ): Promise<RerankOutcome> {
    const started = performance.now();
    const sealed = trace.sealedQuery
      ? await this.personalData.sealTextBeside(trace.sealedQuery, query)
      : null;
    if (sealed?.kind !== 'open')
      return {
        status: 'failed_open',
        scorer: 'lexical',
        scores: [],
        latencyMs: 0,
        error: {
          code: sealed ? 'customer_forgotten' : 'query_not_sealed',
          message: sealed
            ? "the query's customer was forgotten"
            : 'the request carried no key to seal the rerank query with (a version-1 request)',
        },
      };
    // Scoring has no side effect: each attempt asks anew (a retrieval restarted mid-request would
    // otherwise wait for an answer that went to its predecessor).
    const requestId = newEventId();
    const reply = this.replies.wait(requestId, this.timeoutMs);
    const failOpen = (cause: RerankFailOpenCause, code: string, message: string): RerankOutcome => {
      this.metrics.rerankerFailedOpen(cause);
      return {
        status: 'failed_open',
        scorer: 'lexical',
        scores: [],
        latencyMs: Math.round(performance.now() - started),
        error: { code, message },
      };
    };
    try {
      await this.publisher.publish(
        createEvent(
          RerankRequested,
          {
            requestId,
            query: sealed.value,
            candidates: candidates.map(({ chunkId, text }) => ({ chunkId, text })),
          },
          {
            id: newEventId(),
            occurredAt: this.clock.now().toISOString(),
            conversationId: trace.conversationId,
            turnId: trace.turnId,
            causationId: trace.causationId,
            correlationId: trace.correlationId,
            ...inheritSynthetic(trace),
          },
        ),
      );
    } catch (error) {
      this.replies.resolve(requestId, undefined as never);
      return failOpen('bus_unavailable', 'bus_unavailable', (error as Error).message);
    }
    const completed = await reply;
    if (!completed)
      return failOpen(
        'timeout',
        'rerank_timeout',
        `no rerank.completed within ${this.timeoutMs} ms`,
      );
    if (completed.status === 'failed_open')
      return {
        ...failOpen(
          'reranker_failed',
          completed.error?.code ?? 'reranker_failed',
          completed.error?.message ?? '',
        ),
        latencyMs: completed.latencyMs,
      };
    const expected = new Set(candidates.map((c) => c.chunkId));
    if (
      completed.scores.length !== expected.size ||
      !completed.scores.every((s) => expected.has(s.chunkId))
    )
      return failOpen(
        'invalid_response',
        'model_invalid_response',
        'rerank scores do not match the candidates',
      );
    return {
      status: 'ok',
      scorer: completed.scorer,
      scores: completed.scores,
      latencyMs: Math.round(performance.now() - started),
    };
  }
}
