import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, type BusOptions } from '@support/bus';
import { HealthModule } from '@support/platform';

export interface EscalationModuleOptions {
  readonly bus?: Partial<BusOptions>;
}

/** Slack threads and the admin console relay (built by the handoff issue). */
@Module({})
export class EscalationModule {
  static register(options: EscalationModuleOptions = {}): DynamicModule {
    return {
      module: EscalationModule,
      imports: [
        HealthModule.forService('escalation'),
        BusModule.forRoot('escalation', options.bus),
      ],
    };
  }
}
