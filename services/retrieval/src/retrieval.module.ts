import { type DynamicModule, Module } from '@nestjs/common';
import {
  BusModule,
  type BusOptions,
  CONSUMER_SETTINGS,
  type ConsumerSettings,
  EventPublisher,
} from '@support/bus';
import { type Embedder, embedderFromConfig, embeddingsEnv } from '@support/models';
import { type DatabaseOptions, PersistenceModule } from '@support/persistence';
import { PersonalData } from '@support/privacy';
import {
  CLOCK,
  type Clock,
  HealthModule,
  HealthRegistry,
  loadConfig,
  ServiceMetrics,
  systemClock,
} from '@support/platform';
import {
  CollectionNotFound,
  InProcessVectorIndex,
  QdrantVectorIndex,
  type VectorIndex,
} from '@support/vector-index';
import {
  RETRIEVAL_CONFIG,
  type RetrievalConfig,
  retrievalConfigFromEnv,
} from './config/retrieval-config.js';
import { GlossaryStore } from './glossary/glossary-store.js';
import { DocumentIndexer } from './ingestion/document-indexer.js';
import { RetrievalPipeline } from './pipeline/retrieval-pipeline.js';
import { BusReranker } from './rerank/bus-reranker.js';
import { retrievalPorts } from './retrieval-ports.js';
import { RetrievalEvents } from './retrieval.events.js';
import { EMBEDDER, EMBEDDER_ID, VECTOR_INDEX } from './retrieval.tokens.js';
import { textAnalysis } from './text-analysis.js';

export interface RetrievalModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  /** Adapters chosen by the caller (tests: a deliberately slow or failing index). */
  readonly index?: VectorIndex;
  readonly embedder?: Embedder;
  readonly clock?: Clock;
  /** The database holding the customers' data keys (default: DATABASE_URL). */
  readonly database?: Partial<DatabaseOptions>;
}

/** The vector index from configuration: Qdrant when QDRANT_URL is set, else the in-process index. */
export function vectorIndexFromConfig(config: RetrievalConfig): VectorIndex {
  return config.qdrantUrl
    ? new QdrantVectorIndex({ url: config.qdrantUrl, apiKey: config.qdrantApiKey })
    : new InProcessVectorIndex({ directory: config.indexDirectory });
}

/** Ingestion, language routing, the three legs, RRF, the rerank round trip and the score floor. */
@Module({})
export class RetrievalModule {
  static register(options: RetrievalModuleOptions = {}): DynamicModule {
    const env = options.env ?? process.env;
    return {
      module: RetrievalModule,
      imports: [
        HealthModule.forService('retrieval'),
        BusModule.forRoot('retrieval', options.bus),
        // The customers' data keys: the query comes sealed, and the rerank query leaves sealed.
        PersistenceModule.forRoot(options.database),
      ],
      controllers: [RetrievalEvents],
      providers: [
        { provide: RETRIEVAL_CONFIG, useFactory: () => retrievalConfigFromEnv(env) },
        {
          provide: CONSUMER_SETTINGS,
          inject: [RETRIEVAL_CONFIG],
          useFactory: (config: RetrievalConfig): ConsumerSettings => ({
            instance: config.instance,
          }),
        },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        {
          provide: VECTOR_INDEX,
          inject: [RETRIEVAL_CONFIG, HealthRegistry],
          useFactory: (config: RetrievalConfig, health: HealthRegistry) => {
            const index = options.index ?? vectorIndexFromConfig(config);
            health.register('vector-index', async () => {
              await index.count(config.namespace).catch((error: unknown) => {
                // An empty, never-ingested namespace is ready; an unreachable index is not.
                if (!(error instanceof CollectionNotFound)) throw error;
              });
            });
            return index;
          },
        },
        {
          provide: EMBEDDER,
          useFactory: () => options.embedder ?? embedderFromConfig(loadConfig(embeddingsEnv, env)),
        },
        {
          provide: EMBEDDER_ID,
          inject: [EMBEDDER],
          useFactory: (embedder: Embedder) => embedder.id,
        },
        {
          provide: BusReranker,
          inject: [EventPublisher, RETRIEVAL_CONFIG, CLOCK, ServiceMetrics, PersonalData],
          useFactory: (
            publisher: EventPublisher,
            config: RetrievalConfig,
            clock: Clock,
            metrics: ServiceMetrics,
            personalData: PersonalData,
          ) => new BusReranker(publisher, config.rerankWaitMs, metrics, personalData, clock),
        },
        {
          provide: RetrievalPipeline,
          inject: [
            VECTOR_INDEX,
            EMBEDDER,
            BusReranker,
            RETRIEVAL_CONFIG,
            GlossaryStore,
            ServiceMetrics,
          ],
          useFactory: (
            index: VectorIndex,
            embedder: Embedder,
            reranker: BusReranker,
            config: RetrievalConfig,
            glossary: GlossaryStore,
            metrics: ServiceMetrics,
          ) =>
            new RetrievalPipeline(
              retrievalPorts({
                index,
                embedder,
                reranker,
                sparse: textAnalysis.sparse,
                detectLanguage: textAnalysis.detectLanguage,
                lexicalScores: textAnalysis.lexicalScores,
                glossary,
              }),
              config,
              metrics,
            ),
        },
        {
          provide: DocumentIndexer,
          inject: [VECTOR_INDEX, EMBEDDER],
          useFactory: (index: VectorIndex, embedder: Embedder) =>
            new DocumentIndexer(index, embedder, textAnalysis.sparse),
        },
        { provide: GlossaryStore, useValue: new GlossaryStore() },
      ],
      exports: [DocumentIndexer, RetrievalPipeline, VECTOR_INDEX, EMBEDDER],
    };
  }
}
