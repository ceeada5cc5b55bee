import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, type BusOptions } from '@support/bus';
import { HealthModule } from '@support/platform';

export interface AgentModuleOptions {
  readonly bus?: Partial<BusOptions>;
}

/** The LangGraph agent: tools, citation validation, forced escalation (built by the agent issue). */
@Module({})
export class AgentModule {
  static register(options: AgentModuleOptions = {}): DynamicModule {
    return {
      module: AgentModule,
      imports: [HealthModule.forService('agent'), BusModule.forRoot('agent', options.bus)],
    };
  }
}
