import { EntitySchema, type DataSource, type EntityManager } from 'typeorm';
import type { EventEnvelope } from '@support/contracts';

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
  return (dataSource.options as { schema?: string }).schema ?? 'public';
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
  return dataSource.transaction((manager) => processOnceIn(manager, consumer, event, streamSequence, apply));
}

/** `processOnce` inside a transaction the caller owns (replay batches many events per transaction). */
export async function processOnceIn(
  manager: EntityManager,
  consumer: string,
  event: EventEnvelope,
  streamSequence: number,
  apply: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  const inserted: unknown[] = await manager.query(
    `INSERT INTO "${schemaOf(manager.connection)}"."processed_events" (consumer, event_id, event_type, stream_sequence)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumer, event.id, event.type, streamSequence],
  );
  if (inserted.length === 0) return false;
  await apply(manager);
  return true;
}
