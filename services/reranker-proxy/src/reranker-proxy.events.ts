import { Controller, Inject } from '@nestjs/common';
import { createFollowUp, JetStreamClient, OnEvent } from '@support/bus';
import { type EnvelopeOf, RerankCompleted, RerankRequested } from '@support/contracts';
import { CLOCK, type Clock, ServiceMetrics } from '@support/platform';
import { RerankService } from './scoring/rerank-service.js';

/** Translates `rerank.requested` into a scoring call and its result into `rerank.completed`. */
@Controller()
export class RerankerProxyEvents {
  constructor(
    @Inject(JetStreamClient) private readonly bus: JetStreamClient,
    @Inject(RerankService) private readonly service: RerankService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ServiceMetrics) private readonly metrics: ServiceMetrics,
  ) {}

  @OnEvent(RerankRequested, { consumer: 'reranker-proxy' })
  async rerankRequested(event: EnvelopeOf<typeof RerankRequested>): Promise<void> {
    const result = await this.metrics.timeStage('rerank_scoring', () =>
      this.service.score(event.payload),
    );
    await this.bus.publishEvent(
      createFollowUp(RerankCompleted, result, event, event.payload.requestId, this.clock.now()),
    );
  }
}
