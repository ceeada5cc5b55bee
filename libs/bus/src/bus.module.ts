import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { EventTransportSlot, HealthRegistry, ServiceMetrics } from '@support/platform';
import { BusConnection } from './bus-connection.js';
import { type BusOptions, busOptionsFromEnv } from './bus-options.js';
import { EventConsumerRunner } from './event-consumer.js';
import { EventPublisher } from './event-publisher.js';
import { HandlerErrorsToTheConsumer } from './transport/handler-errors.filter.js';
import { JetStreamClient } from './transport/jetstream-client.js';
import { JetStreamTransport } from './transport/jetstream-transport.js';
import { CONSUMER_SETTINGS, type ConsumerSettings } from './transport/on-event.js';

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
          // Offered to startService, which runs the module's @OnEvent handlers on it.
          provide: JetStreamTransport,
          inject: [
            BusConnection,
            EventPublisher,
            ModuleRef,
            { token: ServiceMetrics, optional: true },
            { token: EventTransportSlot, optional: true },
          ],
          useFactory: (
            c: BusConnection,
            p: EventPublisher,
            refs: ModuleRef,
            metrics?: ServiceMetrics,
            slot?: EventTransportSlot,
          ) => {
            const runner = new EventConsumerRunner(
              c,
              p,
              new Logger(`bus:${c.options.name}`),
              metrics,
            );
            const transport = new JetStreamTransport(c, runner, () => settingsOf(refs));
            slot?.offer({ strategy: transport, filters: [new HandlerErrorsToTheConsumer()] });
            return transport;
          },
        },
        {
          provide: JetStreamClient,
          inject: [BusConnection, EventPublisher],
          useFactory: (c: BusConnection, p: EventPublisher) => new JetStreamClient(c, p),
        },
      ],
      exports: [BusConnection, EventPublisher, JetStreamTransport, JetStreamClient, BUS_OPTIONS],
    };
  }
}

/** The service's CONSUMER_SETTINGS, if it provides them (only consumers that need them ask). */
function settingsOf(refs: ModuleRef): ConsumerSettings {
  try {
    return refs.get<ConsumerSettings>(CONSUMER_SETTINGS, { strict: false });
  } catch {
    return {};
  }
}
