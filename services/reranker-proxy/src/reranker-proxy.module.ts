import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, type BusOptions } from '@support/bus';
import { crossEncoderFromConfig, rerankerEnv } from '@support/models';
import { type DatabaseOptions, PersistenceModule } from '@support/persistence';
import { CLOCK, type Clock, HealthModule, loadConfig, systemClock } from '@support/platform';
import { lexicalScores } from '@support/text';
import { RerankerProxyEvents } from './reranker-proxy.events.js';
import { type CrossEncoderPort, RerankService } from './scoring/rerank-service.js';

export interface RerankerProxyModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  readonly clock?: Clock;
  /** The database holding the customers' data keys (default: DATABASE_URL). */
  readonly database?: Partial<DatabaseOptions>;
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
        // The customers' data keys: the query comes sealed under the customer's.
        PersistenceModule.forRoot(options.database),
      ],
      controllers: [RerankerProxyEvents],
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
      ],
    };
  }
}
