import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, type BusOptions } from '@support/bus';
import { HealthModule } from '@support/platform';

export interface ClassifierModuleOptions {
  readonly bus?: Partial<BusOptions>;
}

/** Topic labels of escalations (built by the handoff issue). */
@Module({})
export class ClassifierModule {
  static register(options: ClassifierModuleOptions = {}): DynamicModule {
    return {
      module: ClassifierModule,
      imports: [
        HealthModule.forService('classifier'),
        BusModule.forRoot('classifier', options.bus),
      ],
    };
  }
}
