import { consumerName, type EventConsumers } from '@support/bus';
import type { DataSource } from 'typeorm';
import { processOnce } from '../processed-events.js';
import type { Projection } from './projection.js';

/** Keeps a projection up to date from the live stream: one durable consumer per event type. */
export async function runProjection(
  consumers: Pick<EventConsumers, 'subscribe'>,
  dataSource: DataSource,
  projection: Projection,
) {
  for (const event of projection.events) {
    await consumers.subscribe({
      durable: consumerName(`projection-${projection.name}`, event),
      event,
      handle: async (envelope, context) => {
        await processOnce(
          dataSource,
          projection.name,
          envelope,
          context.streamSequence,
          (manager) => projection.apply(manager, [envelope]),
        );
      },
    });
  }
}
