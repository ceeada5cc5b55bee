import type { BeforeApplicationShutdown, OnApplicationShutdown } from '@nestjs/common';
import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import type { EnvelopeOf, EventDefinition } from '@support/contracts';
import { lastValueFrom } from 'rxjs';
import type { BusConnection } from '../bus-connection.js';
import { consumerName } from '../consumer-name.js';
import {
  type EventConsumerRunner,
  type EventContext,
  type EventSubscription,
  type RunningConsumer,
} from '../event-consumer.js';
import type { ConsumerSettings, EventHandlerExtras } from './on-event.js';

export const JETSTREAM_TRANSPORT = Symbol('JETSTREAM_TRANSPORT');

interface RegisteredHandler {
  readonly handler: MessageHandler;
  readonly extras: EventHandlerExtras;
}

/**
 * Nest's transport for the JetStream event bus: each `@OnEvent` method (an `@EventPattern` on the
 * event's subject) gets its own durable pull consumer, run by the EventConsumerRunner as before:
 * lanes per conversation, ack after the handler resolved, nak with backoff, dead letters,
 * heartbeats while it runs, the publisher's trace. Events only: this bus has no request-reply.
 *
 * Handlers are registered per durable, not per subject: two consumers of one event in a service
 * (the shared indexer and the per-process glossary) each get their messages, never each other's.
 */
export class JetStreamTransport
  extends Server
  implements CustomTransportStrategy, BeforeApplicationShutdown, OnApplicationShutdown
{
  override readonly transportId = JETSTREAM_TRANSPORT;
  private readonly registered: RegisteredHandler[] = [];
  private running: RunningConsumer[] = [];

  constructor(
    private readonly bus: BusConnection,
    private readonly runner: EventConsumerRunner,
    /** Read when the transport starts: the service's providers exist by then. */
    private readonly settings: () => ConsumerSettings,
  ) {
    super();
  }

  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler = false,
    extras: Record<string, unknown> = {},
  ): void {
    const subject = this.normalizePattern(pattern as string);
    if (!isEventHandler)
      throw new Error(
        `@MessagePattern(${subject}): the JetStream bus carries events only, there is no ` +
          `request-reply on it; use @OnEvent`,
      );
    const handlerExtras = extras as unknown as EventHandlerExtras;
    if (handlerExtras.event?.subject !== subject || typeof handlerExtras.consumer !== 'string')
      throw new Error(
        `@EventPattern(${subject}) needs its event and consumer in the extras: use @OnEvent`,
      );
    callback.isEventHandler = true;
    callback.extras = extras;
    this.registered.push({ handler: callback, extras: handlerExtras });
  }

  /** Starts one durable per handler, in registration order; a failed start fails the listen. */
  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const settings = this.settings();
      const subscriptions = this.registered.map((entry) => this.subscriptionOf(entry, settings));
      const durables = subscriptions.map((subscription) => subscription.durable);
      const twice = durables.find((durable, i) => durables.indexOf(durable) !== i);
      if (twice) throw new Error(`two event handlers on one durable consumer: ${twice}`);
      for (const [i, subscription] of subscriptions.entries()) {
        this.messageHandlers.set(subscription.durable, this.registered[i]!.handler);
        this.running.push(await this.runner.start(subscription));
      }
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /** Stops every consumer, letting handlers in flight finish: before the bus connection closes. */
  async close(): Promise<void> {
    await Promise.all(this.running.splice(0).map((consumer) => consumer.stop()));
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** The bus connection is closed last, once every consumer has stopped. */
  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }

  /** The consumers' durable names, in start order. */
  durables(): string[] {
    return this.running.map((consumer) => consumer.durable);
  }

  on(): never {
    throw new Error('the JetStream transport emits no events of its own; see the health checks');
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  private subscriptionOf(
    { handler, extras }: RegisteredHandler,
    settings: ConsumerSettings,
  ): EventSubscription {
    const consumer = extras.consumer.includes('{instance}')
      ? extras.consumer.replaceAll('{instance}', required(settings.instance, extras.consumer))
      : extras.consumer;
    const concurrency =
      extras.concurrency === 'configured'
        ? required(settings.concurrency, extras.consumer)
        : extras.concurrency;
    return {
      durable: consumerName(consumer, extras.event),
      event: extras.event,
      ...(extras.deliverPolicy ? { deliverPolicy: extras.deliverPolicy } : {}),
      ...(extras.perProcess ? { perProcess: true } : {}),
      ...(concurrency ? { concurrency } : {}),
      // Nest's handler runs the method through its pipes, guards and interceptors; its result
      // (a value, a promise or an observable) settles before the runner acks.
      handle: async (event: EnvelopeOf<EventDefinition>, context: EventContext) => {
        await lastValueFrom(this.transformToObservable(await handler(event, context)), {
          defaultValue: undefined,
        });
      },
    };
  }
}

function required<T>(value: T | undefined, consumer: string): T {
  if (value === undefined)
    throw new Error(`consumer ${consumer} needs CONSUMER_SETTINGS from its service`);
  return value;
}
