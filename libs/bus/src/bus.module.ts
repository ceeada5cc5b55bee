import { type DynamicModule, Module } from '@nestjs/common';
import { HealthRegistry, ServiceMetrics } from '@support/platform';
import { BusConnection } from './bus-connection.js';
import { type BusOptions, busOptionsFromEnv } from './bus-options.js';
import { EventConsumers } from './event-consumers.js';
import { EventPublisher } from './event-publisher.js';

export const BUS_OPTIONS = Symbol('BUS_OPTIONS');

@Module({})
export class BusModule {
  /** Connects `service` to the bus (config from the environment, overridable for tests). */
  static forRoot(service: string, overrides: Partial<BusOptions> = {}): DynamicModule {
    return {
      module: BusModule,
      global: true,
      providers: [
        {
          provide: BUS_OPTIONS,
          useFactory: () => ({ ...busOptionsFromEnv(service), ...overrides }),
        },
        {
          provide: BusConnection,
          inject: [BUS_OPTIONS, { token: HealthRegistry, optional: true }],
          useFactory: async (options: BusOptions, health?: HealthRegistry) => {
            const connection = await BusConnection.open(options);
            health?.register('nats', () => connection.check());
            return connection;
          },
        },
        {
          provide: EventPublisher,
          inject: [BusConnection],
          useFactory: (c: BusConnection) => new EventPublisher(c),
        },
        {
          provide: EventConsumers,
          inject: [BusConnection, EventPublisher, { token: ServiceMetrics, optional: true }],
          useFactory: (c: BusConnection, p: EventPublisher, metrics?: ServiceMetrics) =>
            new EventConsumers(c, p, metrics),
        },
      ],
      exports: [BusConnection, EventPublisher, EventConsumers, BUS_OPTIONS],
    };
  }
}
