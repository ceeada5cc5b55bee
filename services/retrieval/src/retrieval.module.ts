import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, type BusOptions } from '@support/bus';
import { HealthModule } from '@support/platform';

export interface RetrievalModuleOptions {
  readonly bus?: Partial<BusOptions>;
}

/** Ingestion, language routing, the three legs, RRF and the score floor (built by the retrieval issue). */
@Module({})
export class RetrievalModule {
  static register(options: RetrievalModuleOptions = {}): DynamicModule {
    return {
      module: RetrievalModule,
      imports: [HealthModule.forService('retrieval'), BusModule.forRoot('retrieval', options.bus)],
    };
  }
}
