import type { EventEnvelope } from '@support/contracts';

/** Where use cases publish (the bus's EventPublisher in the service; a fake in unit tests). */
export interface EventSink {
  publish(event: EventEnvelope): Promise<unknown>;
}
