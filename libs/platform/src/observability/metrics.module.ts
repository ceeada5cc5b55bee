import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { ServiceMetrics } from './service-metrics.js';

/** Gives every provider of one service its {@link ServiceMetrics}, and serves `/metrics`. */
@Global()
@Module({})
export class MetricsModule {
  static forService(service: string): DynamicModule {
    return {
      module: MetricsModule,
      controllers: [MetricsController],
      providers: [{ provide: ServiceMetrics, useValue: new ServiceMetrics(service) }],
      exports: [ServiceMetrics],
    };
  }
}

@Module({})
class ObservedService {}

/**
 * `module` with its service's metrics around it: what `startService` boots, so each service has
 * them without its module importing anything.
 */
export function withServiceMetrics(
  service: string,
  module: Type<unknown> | DynamicModule,
): DynamicModule {
  return { module: ObservedService, imports: [MetricsModule.forService(service), module] };
}
