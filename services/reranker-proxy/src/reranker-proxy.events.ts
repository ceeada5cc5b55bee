import { Controller, Inject } from '@nestjs/common';
import { createFollowUp, JetStreamClient, OnEvent } from '@support/bus';
import {
  type EnvelopeOf,
  RerankCompleted,
  type RerankCompletedPayload,
  RerankRequested,
} from '@support/contracts';
import { CLOCK, type Clock, ServiceMetrics } from '@support/platform';
import { PersonalData } from '@support/privacy';
import { RerankService } from './scoring/rerank-service.js';

/** Translates `rerank.requested` into a scoring call and its result into `rerank.completed`. */
@Controller()
export class RerankerProxyEvents {
  constructor(
    @Inject(JetStreamClient) private readonly bus: JetStreamClient,
    @Inject(RerankService) private readonly service: RerankService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ServiceMetrics) private readonly metrics: ServiceMetrics,
    @Inject(PersonalData) private readonly personalData: PersonalData,
  ) {}

  /**
   * The query comes sealed under the customer's key and is opened only to score it. A forgotten
   * customer's is scored by nobody: the answer fails open, and retrieval keeps its lexical order.
   */
  @OnEvent(RerankRequested, { consumer: 'reranker-proxy' })
  async rerankRequested(event: EnvelopeOf<typeof RerankRequested>): Promise<void> {
    const query = await this.personalData.openText(event.payload.query);
    const result: RerankCompletedPayload =
      query.kind === 'erased'
        ? {
            requestId: event.payload.requestId,
            status: 'failed_open',
            scorer: 'lexical',
            scores: [],
            latencyMs: 0,
            error: { code: 'customer_forgotten', message: "the query's customer was forgotten" },
          }
        : await this.metrics.timeStage('rerank_scoring', () =>
            this.service.score({ ...event.payload, query: query.value }),
          );
    await this.bus.publishEvent(
      createFollowUp(RerankCompleted, result, event, event.payload.requestId, this.clock.now()),
    );
  }
}
