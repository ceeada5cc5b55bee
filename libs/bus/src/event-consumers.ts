import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { EventDefinition } from '@support/contracts';
import type { ConsumerMetrics } from './consumer-metrics.js';
import type { BusConnection } from './bus-connection.js';
import {
  EventConsumerRunner,
  type EventSubscription,
  type RunningConsumer,
} from './event-consumer.js';
import type { EventPublisher } from './event-publisher.js';

/** The Nest face of the consumer runner: starts subscriptions, stops them before the bus closes. */
@Injectable()
export class EventConsumers implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly running: RunningConsumer[] = [];
  private readonly runner: EventConsumerRunner;

  constructor(
    private readonly bus: BusConnection,
    publisher: EventPublisher,
    metrics?: ConsumerMetrics,
  ) {
    this.runner = new EventConsumerRunner(
      bus,
      publisher,
      new Logger(`bus:${bus.options.name}`),
      metrics,
    );
  }

  async subscribe<D extends EventDefinition>(
    subscription: EventSubscription<D>,
  ): Promise<RunningConsumer> {
    const consumer = await this.runner.start(subscription);
    this.running.push(consumer);
    return consumer;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.running.splice(0).map((consumer) => consumer.stop()));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}
