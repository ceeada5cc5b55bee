import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EnvelopeOf, EventDefinition } from '@support/contracts';
import type { EventContext } from '../event-consumer.js';

/**
 * What an event handler's subscription is, beyond its event: the extras of its `@EventPattern`,
 * which the JetStream transport turns into a durable pull consumer.
 */
export interface EventConsumerExtras {
  /**
   * Who consumes: the durable is `consumerName(consumer, event)`. `{instance}` stands for the
   * process's instance name (CONSUMER_SETTINGS), for consumers that are one per instance.
   */
  readonly consumer: string;
  /** `new`: start at the end of the stream on first creation (delivery-only consumers). */
  readonly deliverPolicy?: 'all' | 'new';
  /** One consumer per process, recreated at each start to read the log again (see EventSubscription). */
  readonly perProcess?: boolean;
  /** Events handled at once (default 1); `configured`: the service's CONSUMER_SETTINGS.concurrency. */
  readonly concurrency?: number | 'configured';
}

/** What only the running service knows: its instance name and its configured concurrency. */
export interface ConsumerSettings {
  readonly instance?: string;
  readonly concurrency?: number;
}

/** Provided by a service whose consumers name its instance or take their concurrency from config. */
export const CONSUMER_SETTINGS = Symbol('CONSUMER_SETTINGS');

/** The extras as the transport reads them: the event definition travels with them. */
export interface EventHandlerExtras extends EventConsumerExtras {
  readonly event: EventDefinition;
}

/**
 * `@EventPattern(event.subject, extras)` with the event's definition kept in the extras, so the
 * transport decodes and validates what it hands the method as that event (and the method's first
 * parameter is typed as its envelope).
 */
export function OnEvent<D extends EventDefinition>(
  event: D,
  consumer: EventConsumerExtras,
): EventHandlerDecorator<D> {
  const extras: EventHandlerExtras = { ...consumer, event };
  return EventPattern(event.subject, { ...extras }) as unknown as EventHandlerDecorator<D>;
}

/** A method that takes the event (and, with `@Delivery()`, its delivery). */
type EventHandlerDecorator<D extends EventDefinition> = <
  M extends (event: EnvelopeOf<D>, delivery: EventContext) => unknown,
>(
  target: object,
  method: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;

/** The parameter that receives the delivery (EventContext): consumer, subject, sequence, count. */
export const Delivery = (): ParameterDecorator => Ctx();

/** The parameter that receives the event, needed beside `@Delivery()` (else it is the first). */
export const EventPayload = (): ParameterDecorator => Payload();
