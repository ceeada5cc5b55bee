import { Controller, Inject } from '@nestjs/common';
import { createFollowUp, JetStreamClient, OnEvent } from '@support/bus';
import {
  DocumentIndexed,
  DocumentQuarantined,
  DocumentUpserted,
  type EnvelopeOf,
  inheritSynthetic,
  MAX_QUARANTINE_FINDINGS,
  RerankCompleted,
  RetrievalCompleted,
  type RetrievalCompletedPayload,
  RetrievalRequested,
} from '@support/contracts';
import { CLOCK, type Clock, ServiceMetrics } from '@support/platform';
import { PersonalData } from '@support/privacy';
import { RETRIEVAL_CONFIG, type RetrievalConfig } from './config/retrieval-config.js';
import { DocumentIndexer } from './ingestion/document-indexer.js';
import { RetrievalPipeline } from './pipeline/retrieval-pipeline.js';
import { BusReranker } from './rerank/bus-reranker.js';
import { EMBEDDER_ID } from './retrieval.tokens.js';
import { parseGlossary } from './glossary/glossary-file.js';
import { isGlossaryDocument } from './glossary/glossary-id.js';
import { GlossaryStore } from './glossary/glossary-store.js';

/** The answer to a request whose query's customer was forgotten: nothing searched, nothing found. */
function nothingSearched(requestId: string): RetrievalCompletedPayload {
  return {
    requestId,
    verdict: 'below_score_floor',
    language: 'mixed',
    legs: [],
    fused: [],
    chunks: [],
    latencyMs: 0,
  };
}

/** The retrieval service's event handlers: they translate events to use cases and results to events. */
@Controller()
export class RetrievalEvents {
  constructor(
    @Inject(JetStreamClient) private readonly bus: JetStreamClient,
    @Inject(RetrievalPipeline) private readonly pipeline: RetrievalPipeline,
    @Inject(DocumentIndexer) private readonly indexer: DocumentIndexer,
    @Inject(BusReranker) private readonly reranker: BusReranker,
    @Inject(RETRIEVAL_CONFIG) private readonly config: RetrievalConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EMBEDDER_ID) private readonly embedderId: string,
    @Inject(GlossaryStore) private readonly glossary: GlossaryStore,
    @Inject(ServiceMetrics) private readonly metrics: ServiceMetrics,
    @Inject(PersonalData) private readonly personalData: PersonalData,
  ) {}

  /** Replies to this instance's rerank requests; live only, like any in-memory wait. */
  @OnEvent(RerankCompleted, { consumer: 'retrieval-{instance}', deliverPolicy: 'new' })
  rerankCompleted(event: EnvelopeOf<typeof RerankCompleted>): void {
    this.reranker.replies.resolve(event.payload.requestId, event.payload);
  }

  @OnEvent(RetrievalRequested, { consumer: 'retrieval' })
  retrievalRequested(event: EnvelopeOf<typeof RetrievalRequested>): Promise<void> {
    return this.retrieve(event);
  }

  /**
   * Every process holds every namespace's glossary: its own consumer, recreated at each start,
   * reads the glossary events from the start of the log before and while the shared one indexes
   * (handlers start in the order they are declared here).
   */
  @OnEvent(DocumentUpserted, { consumer: 'retrieval-{instance}-glossary', perProcess: true })
  glossaryUpserted(event: EnvelopeOf<typeof DocumentUpserted>): void {
    if (isGlossaryDocument(event.payload)) this.keepGlossary(event);
  }

  @OnEvent(DocumentUpserted, { consumer: 'retrieval' })
  documentUpserted(event: EnvelopeOf<typeof DocumentUpserted>): Promise<void> {
    return isGlossaryDocument(event.payload)
      ? this.indexGlossary(event)
      : this.indexDocument(event);
  }

  /** Throws `validation_failed` for a bad glossary: the event is dead-lettered, never half-read. */
  private keepGlossary(event: EnvelopeOf<typeof DocumentUpserted>): void {
    const p = event.payload;
    this.glossary.set(
      p.namespace ?? this.config.namespace,
      parseGlossary(p.body, `glossary of ${p.namespace ?? this.config.namespace}`),
      `${event.occurredAt}|${event.id}`,
    );
  }

  /** The glossary is not indexed: held in memory (here and by every process), and confirmed. */
  private async indexGlossary(event: EnvelopeOf<typeof DocumentUpserted>): Promise<void> {
    this.keepGlossary(event);
    const p = event.payload;
    await this.bus.publishEvent(
      createFollowUp(
        DocumentIndexed,
        {
          docId: p.docId,
          namespace: p.namespace ?? this.config.namespace,
          chunkIds: [],
          removedChunks: 0,
          contentSha256: p.contentSha256,
          embedder: this.embedderId,
        },
        event,
        event.id,
        this.clock.now(),
      ),
    );
  }

  private async retrieve(event: EnvelopeOf<typeof RetrievalRequested>): Promise<void> {
    const { requestId, namespace, sentenceGate } = event.payload;
    const query = await this.personalData.openText(event.payload.query);
    const trace = {
      requestId,
      conversationId: event.conversationId,
      turnId: event.turnId,
      correlationId: event.correlationId,
      causationId: event.id,
      ...inheritSynthetic(event),
      sealedQuery: event.payload.query,
    };
    // A forgotten customer's words are searched for nowhere: answered at once with nothing found.
    const result =
      query.kind === 'erased'
        ? nothingSearched(requestId)
        : await this.metrics.timeStage('retrieval', () =>
            this.pipeline.retrieve(query.value, trace, namespace ?? this.config.namespace, {
              sentenceGate,
            }),
          );
    await this.bus.publishEvent(
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
    await this.bus.publishEvent(followUp);
  }
}
