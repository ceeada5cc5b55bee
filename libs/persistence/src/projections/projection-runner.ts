import { consumerName, type EventSubscription } from '@support/bus';
import type { EventEnvelope } from '@support/contracts';
import type { DataSource } from 'typeorm';
import { processOnce } from '../processed-events.js';
import type { Projection } from './projection.js';

/** The consumer of a projection's events: `projection-<name>`, one durable per event type. */
export function projectionConsumer(projection: Projection): string {
  return `projection-${projection.name}`;
}

/** Folds one delivered event into the projection, once per stream sequence. */
export function projectEvent(
  dataSource: DataSource,
  projection: Projection,
  envelope: EventEnvelope,
  streamSequence: number,
): Promise<void> {
  return processOnce(dataSource, projection.name, envelope, streamSequence, (manager) =>
    projection.apply(manager, [envelope]),
  ).then(() => undefined);
}

/** Whatever starts a subscription: an EventConsumerRunner, or a test's wrapper around one. */
export interface Subscriber {
  subscribe(subscription: EventSubscription): Promise<unknown>;
}

/**
 * Keeps a projection up to date from the live stream on the given consumers (tests and tools;
 * a service runs its projections as `projectionEvents` handlers on the bus transport).
 */
export async function runProjection(
  consumers: Subscriber,
  dataSource: DataSource,
  projection: Projection,
) {
  for (const event of projection.events) {
    await consumers.subscribe({
      durable: consumerName(projectionConsumer(projection), event),
      event,
      handle: (envelope, context) =>
        projectEvent(dataSource, projection, envelope, context.streamSequence),
    });
  }
}
