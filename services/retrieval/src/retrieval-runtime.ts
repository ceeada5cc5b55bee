import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { consumerName, createFollowUp, EventConsumers, EventPublisher } from '@support/bus';
import {
  DocumentIndexed,
  DocumentQuarantined,
  DocumentUpserted,
  type EnvelopeOf,
  MAX_QUARANTINE_FINDINGS,
  RerankCompleted,
  RetrievalCompleted,
  RetrievalRequested,
} from '@support/contracts';
import { CLOCK, type Clock } from '@support/platform';
import { RETRIEVAL_CONFIG, type RetrievalConfig } from './config/retrieval-config.js';
import { DocumentIndexer } from './ingestion/document-indexer.js';
import { RetrievalPipeline } from './pipeline/retrieval-pipeline.js';
import { BusReranker } from './rerank/bus-reranker.js';
import { EMBEDDER_ID } from './retrieval.tokens.js';

/** The retrieval service's consumers: they translate events to use cases and results to events. */
@Injectable()
export class RetrievalRuntime implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(EventPublisher) private readonly publisher: EventPublisher,
    @Inject(RetrievalPipeline) private readonly pipeline: RetrievalPipeline,
    @Inject(DocumentIndexer) private readonly indexer: DocumentIndexer,
    @Inject(BusReranker) private readonly reranker: BusReranker,
    @Inject(RETRIEVAL_CONFIG) private readonly config: RetrievalConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EMBEDDER_ID) private readonly embedderId: string,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Replies to this instance's rerank requests; live only, like any in-memory wait.
    await this.consumers.subscribe({
      durable: consumerName(`retrieval-${this.config.instance}`, RerankCompleted),
      event: RerankCompleted,
      deliverPolicy: 'new',
      handle: async (event) => {
        this.reranker.replies.resolve(event.payload.requestId, event.payload);
      },
    });
    await this.consumers.subscribe({
      durable: consumerName('retrieval', RetrievalRequested),
      event: RetrievalRequested,
      handle: (event) => this.retrieve(event),
    });
    await this.consumers.subscribe({
      durable: consumerName('retrieval', DocumentUpserted),
      event: DocumentUpserted,
      handle: (event) => this.indexDocument(event),
    });
  }

  private async retrieve(event: EnvelopeOf<typeof RetrievalRequested>): Promise<void> {
    const { requestId, query, namespace } = event.payload;
    const trace = {
      requestId,
      conversationId: event.conversationId,
      turnId: event.turnId,
      correlationId: event.correlationId,
      causationId: event.id,
    };
    const result = await this.pipeline.retrieve(query, trace, namespace ?? this.config.namespace);
    await this.publisher.publish(
      // The id derives from the request event: a redelivery publishes nothing new, while a fresh
      // attempt (an agent that restarted mid-turn asks again) gets its own answer.
      createFollowUp(RetrievalCompleted, result, event, event.id, this.clock.now()),
    );
  }

  private async indexDocument(event: EnvelopeOf<typeof DocumentUpserted>): Promise<void> {
    const p = event.payload;
    const namespace = p.namespace ?? this.config.namespace;
    const result = await this.indexer.indexDocument(namespace, {
      docId: p.docId,
      title: p.title,
      lang: p.lang,
      topic: p.topic,
      body: p.body,
      contentSha256: p.contentSha256,
    });
    const followUp =
      result.kind === 'quarantined'
        ? createFollowUp(
            DocumentQuarantined,
            {
              docId: p.docId,
              title: p.title,
              namespace,
              contentSha256: p.contentSha256,
              findings: result.findings.slice(0, MAX_QUARANTINE_FINDINGS),
              findingCount: result.findings.length,
              keptChunkIds: result.keptChunkIds,
            },
            event,
            event.id,
            this.clock.now(),
          )
        : createFollowUp(
            DocumentIndexed,
            {
              docId: p.docId,
              namespace,
              chunkIds: result.chunkIds,
              removedChunks: result.removedChunks,
              contentSha256: p.contentSha256,
              embedder: this.embedderId,
            },
            event,
            event.id,
            this.clock.now(),
          );
    await this.publisher.publish(followUp);
  }
}
