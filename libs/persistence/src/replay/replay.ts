import { DeliverPolicy } from '@nats-io/jetstream';
import type { BusConnection } from '@support/bus';
import { decodeEvent } from '@support/contracts';
import type { DataSource } from 'typeorm';
import { claimUnprocessed, type SequencedEvent, schemaOf } from '../processed-events.js';
import type { Projection } from '../projections/projection.js';
import { foldOneByOne, type ReplayFailure } from './fold-one-by-one.js';

export type { ReplayFailure } from './fold-one-by-one.js';

export interface ReplayProgress {
  readonly processed: number;
  readonly total: number;
  readonly lastSequence: number;
}

export interface ReplayResult {
  readonly events: number;
  readonly applied: number;
  readonly skippedInvalid: number;
  /** Events a projection refused however often it was tried; none of their effects are stored. */
  readonly failed: readonly ReplayFailure[];
  readonly elapsedMs: number;
}

const BATCH = 500;

/**
 * Rebuilds projections from sequence 1 of the stream: empties their tables and bookkeeping, then
 * folds every event in stream order, in batches of one transaction each. The result equals what
 * live processing produced. Invalid events are skipped (live consumers dead-lettered them too). An
 * event a projection cannot apply does not stop the replay: it is tried alone as often as a live
 * consumer tries it, then recorded in `failed` without effects, as a live consumer dead-letters it.
 */
export async function replayFromStart(
  bus: BusConnection,
  dataSource: DataSource,
  projections: readonly Projection[],
  onProgress: (progress: ReplayProgress) => void = () => undefined,
  /** Fold only the events stored at or after this time (a window, usually into its own schema). */
  since?: Date,
): Promise<ReplayResult> {
  const started = Date.now();
  const schema = schemaOf(dataSource);
  const bySubject = new Map<string, Projection[]>();
  for (const projection of projections)
    for (const event of projection.events)
      bySubject.set(event.subject, [...(bySubject.get(event.subject) ?? []), projection]);

  await dataSource.transaction(async (manager) => {
    for (const projection of projections) {
      await manager.query(
        `TRUNCATE ${projection.tables.map((t) => `"${schema}"."${t}"`).join(', ')}`,
      );
      await manager.query(`DELETE FROM "${schema}"."processed_events" WHERE consumer = $1`, [
        projection.name,
      ]);
    }
  });

  const info = await bus.jsm.streams.info(bus.options.stream);
  const lastSequence = info.state.last_seq;
  const total = info.state.messages;
  let processed = 0;
  let applied = 0;
  let skippedInvalid = 0;
  const failed: ReplayFailure[] = [];
  const nothingToRead =
    total === 0 || (since !== undefined && Date.parse(info.state.last_ts) < since.getTime());
  if (nothingToRead)
    return { events: 0, applied: 0, skippedInvalid: 0, failed, elapsedMs: Date.now() - started };

  const consumer = await bus.js.consumers.get(
    bus.options.stream,
    since
      ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString() }
      : { deliver_policy: DeliverPolicy.All },
  );
  const messages = await consumer.consume({ max_messages: 1_000 });
  let batch: { sequence: number; data: Uint8Array; projections: Projection[] }[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    const perProjection = new Map<Projection, SequencedEvent[]>();
    for (const item of pending) {
      let event;
      try {
        event = decodeEvent(item.data);
      } catch {
        skippedInvalid += 1;
        continue;
      }
      for (const projection of item.projections)
        perProjection.set(projection, [
          ...(perProjection.get(projection) ?? []),
          { event, streamSequence: item.sequence },
        ]);
    }
    try {
      applied += await dataSource.transaction(async (manager) => {
        let claimedInBatch = 0;
        for (const [projection, items] of perProjection) {
          const claimed = await claimUnprocessed(manager, projection.name, items);
          await projection.apply(manager, claimed);
          claimedInBatch += claimed.length;
        }
        return claimedInBatch;
      });
    } catch {
      // Nothing of the batch was stored: find the event(s) at fault one at a time.
      const outcome = await foldOneByOne(dataSource, perProjection, bus.options.maxDeliver);
      applied += outcome.applied;
      failed.push(...outcome.failed);
    }
  };

  try {
    for await (const message of messages) {
      processed += 1;
      const interested = bySubject.get(message.subject);
      if (interested)
        batch.push({ sequence: message.seq, data: message.data, projections: interested });
      if (batch.length >= BATCH) {
        await flush();
        onProgress({ processed, total, lastSequence: message.seq });
      }
      if (message.seq >= lastSequence) break;
    }
  } finally {
    await messages.close();
  }
  await flush();
  onProgress({ processed, total, lastSequence });
  return { events: processed, applied, skippedInvalid, failed, elapsedMs: Date.now() - started };
}
