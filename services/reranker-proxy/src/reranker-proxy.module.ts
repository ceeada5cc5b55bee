import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  BusModule,
  type BusOptions,
  consumerName,
  createFollowUp,
  EventConsumers,
  EventPublisher,
} from '@support/bus';
import { RerankCompleted, RerankRequested } from '@support/contracts';
import { crossEncoderFromConfig, rerankerEnv } from '@support/models';
import {
  CLOCK,
  type Clock,
  HealthModule,
  loadConfig,
  ServiceMetrics,
  systemClock,
} from '@support/platform';
import { lexicalScores } from '@support/text';
import { type CrossEncoderPort, RerankService } from './scoring/rerank-service.js';

export interface RerankerProxyModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  readonly clock?: Clock;
}

/** Translates `rerank.requested` into a scoring call and its result into `rerank.completed`. */
@Injectable()
class RerankerProxyRuntime implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(EventPublisher) private readonly publisher: EventPublisher,
    @Inject(RerankService) private readonly service: RerankService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ServiceMetrics) private readonly metrics: ServiceMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.subscribe({
      durable: consumerName('reranker-proxy', RerankRequested),
      event: RerankRequested,
      handle: async (event) => {
        const result = await this.metrics.timeStage('rerank_scoring', () =>
          this.service.score(event.payload),
        );
        await this.publisher.publish(
          createFollowUp(RerankCompleted, result, event, event.payload.requestId, this.clock.now()),
        );
      },
    });
  }
}

/** The only caller of the cross-encoder host; the local lexical scorer when none is configured. */
@Module({})
export class RerankerProxyModule {
  static register(options: RerankerProxyModuleOptions = {}): DynamicModule {
    const env = options.env ?? process.env;
    return {
      module: RerankerProxyModule,
      imports: [
        HealthModule.forService('reranker-proxy'),
        BusModule.forRoot('reranker-proxy', options.bus),
      ],
      providers: [
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        {
          provide: RerankService,
          useFactory: () => {
            const config = loadConfig(rerankerEnv, env);
            const crossEncoder: CrossEncoderPort | null = crossEncoderFromConfig(config);
            return new RerankService(crossEncoder, lexicalScores, config.RERANK_TIMEOUT_MS);
          },
        },
        RerankerProxyRuntime,
      ],
    };
  }
}
