import { EntitySchema, type DataSource, type EntityManager } from 'typeorm';
import type { EventEnvelope } from '@support/contracts';
import { checkedSchemaName, quoteIdentifier } from './sql-identifier.js';

export interface ProcessedEvent {
  consumer: string;
  eventId: string;
  eventType: string;
  streamSequence: string;
}

export const ProcessedEventEntity = new EntitySchema<ProcessedEvent>({
  name: 'ProcessedEvent',
  tableName: 'processed_events',
  columns: {
    consumer: { type: 'text', primary: true },
    eventId: { type: 'text', primary: true, name: 'event_id' },
    eventType: { type: 'text', name: 'event_type' },
    streamSequence: { type: 'bigint', name: 'stream_sequence' },
  },
});

export function schemaOf(dataSource: DataSource): string {
  return checkedSchemaName((dataSource.options as { schema?: string }).schema ?? 'public');
}

export interface SequencedEvent {
  readonly event: EventEnvelope;
  readonly streamSequence: number;
}

/**
 * Records `(consumer, event id)` for each event not processed before and returns those events, in
 * order, without repeats. Runs in the caller's transaction, together with the effects.
 */
export async function claimUnprocessed(
  manager: EntityManager,
  consumer: string,
  items: readonly SequencedEvent[],
): Promise<EventEnvelope[]> {
  if (items.length === 0) return [];
  const claimed: { event_id: string }[] = await manager.query(
    `INSERT INTO ${quoteIdentifier(schemaOf(manager.connection))}."processed_events" (consumer, event_id, event_type, stream_sequence)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[])
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [
      consumer,
      items.map((i) => i.event.id),
      items.map((i) => i.event.type),
      items.map((i) => i.streamSequence),
    ],
  );
  const ids = new Set(claimed.map((row) => row.event_id));
  return items.filter((i) => ids.delete(i.event.id)).map((i) => i.event);
}

/**
 * Runs `apply` at most once per (consumer, event id): the bookkeeping row and the effects commit in
 * one transaction, so a redelivery or a duplicate publish changes nothing. Returns false when the
 * event had already been processed.
 */
export async function processOnce(
  dataSource: DataSource,
  consumer: string,
  event: EventEnvelope,
  streamSequence: number,
  apply: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const [claimed] = await claimUnprocessed(manager, consumer, [{ event, streamSequence }]);
    if (!claimed) return false;
    await apply(manager);
    return true;
  });
}
