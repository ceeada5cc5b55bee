import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, type BusOptions } from '@support/bus';
import { HealthModule } from '@support/platform';

export interface RerankerProxyModuleOptions {
  readonly bus?: Partial<BusOptions>;
}

/** The only caller of the cross-encoder host (built by the retrieval issue). */
@Module({})
export class RerankerProxyModule {
  static register(options: RerankerProxyModuleOptions = {}): DynamicModule {
    return {
      module: RerankerProxyModule,
      imports: [
        HealthModule.forService('reranker-proxy'),
        BusModule.forRoot('reranker-proxy', options.bus),
      ],
    };
  }
}
