import { DeliverPolicy } from '@nats-io/jetstream';
import type { BusConnection } from '@support/bus';
import type { DataSource } from 'typeorm';
import { schemaOf } from '../processed-events.js';
import type { Projection } from '../projections/projection.js';
import type { ReplayFailure } from './fold-one-by-one.js';
import { DecoderPool } from './decoder-pool.js';
import { type ReadMessage, ReplayBatch } from './replay-batch.js';
import { ReplayBatchWriter } from './replay-batch-writer.js';
import { quoteIdentifier } from '../sql-identifier.js';

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

export interface ReplayOptions {
  /** Called after each stored batch. */
  readonly onProgress?: (progress: ReplayProgress) => void;
  /** Fold only the events stored at or after this time (a window, usually into its own schema). */
  readonly since?: Date;
  /** Events of one transaction per projection (default 1,000). */
  readonly eventsPerTransaction?: number;
  /** Threads that decode events (default: the cores but one, at least one, at most four). */
  readonly decoderThreads?: number;
}

const EVENTS_PER_TRANSACTION = 1_000;
/** Messages the ordered consumer asks the server for at a time. */
const FETCH_MESSAGES = 10_000;
/** Batches being decoded while one is written: enough to keep the decoder threads busy. */
const BATCHES_DECODED_AHEAD = 2;
/** The read loop runs on buffered messages without I/O: let the writer's statements through. */
const MESSAGES_BETWEEN_YIELDS = 256;

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rebuilds projections from sequence 1 of the stream: empties their tables and bookkeeping, then
 * folds every event in stream order, in batches of one transaction per projection. Three stages
 * run at once: reading the stream in large fetches, decoding on decoder threads, and writing, each
 * batch after the one before. The result equals what live processing produced. Invalid events are
 * skipped (live consumers dead-lettered them too). An event a projection cannot apply does not stop
 * the replay: it is tried alone as often as a live consumer tries it, then recorded in `failed`
 * without effects, as a live consumer dead-letters it.
 */
export async function replayFromStart(
  bus: BusConnection,
  dataSource: DataSource,
  projections: readonly Projection[],
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const started = Date.now();
  const { onProgress = () => undefined, since } = options;
  const eventsPerTransaction = options.eventsPerTransaction ?? EVENTS_PER_TRANSACTION;
  const schema = schemaOf(dataSource);
  const bySubject = new Map<string, Projection[]>();
  for (const projection of projections)
    for (const event of projection.events)
      bySubject.set(event.subject, [...(bySubject.get(event.subject) ?? []), projection]);

  await dataSource.transaction(async (manager) => {
    for (const projection of projections) {
      await manager.query(
        `TRUNCATE ${projection.tables.map((t) => `${quoteIdentifier(schema)}.${quoteIdentifier(t)}`).join(', ')}`,
      );
      await manager.query(
        `DELETE FROM ${quoteIdentifier(schema)}."processed_events" WHERE consumer = $1`,
        [projection.name],
      );
    }
  });

  const info = await bus.jsm.streams.info(bus.options.stream);
  const lastSequence = info.state.last_seq;
  let total = info.state.messages;
  let processed = 0;
  let skippedInvalid = 0;
  const nothingToRead =
    total === 0 || (since !== undefined && Date.parse(info.state.last_ts) < since.getTime());
  if (nothingToRead)
    return {
      events: 0,
      applied: 0,
      skippedInvalid: 0,
      failed: [],
      elapsedMs: Date.now() - started,
    };

  const consumer = await bus.js.consumers.get(
    bus.options.stream,
    since
      ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString() }
      : { deliver_policy: DeliverPolicy.All },
  );
  const writer = new ReplayBatchWriter(dataSource, bus.options.maxDeliver, (batch) => {
    skippedInvalid += batch.skippedInvalid;
    onProgress({ processed: batch.readThrough, total, lastSequence: batch.lastSequence });
  });
  const decoders = DecoderPool.start(options.decoderThreads);
  const decoding: Promise<ReplayBatch>[] = [];
  let read: ReadMessage[] = [];
  const decodeRead = (lastRead: number) => {
    const messages = read;
    const readThrough = processed;
    read = [];
    const batch = decoders
      .decode(messages.map((m) => m.data))
      .then((events) => new ReplayBatch(messages, events, readThrough, lastRead));
    batch.catch(() => undefined); // awaited in turn below; not an unhandled rejection meanwhile
    decoding.push(batch);
  };
  const writeNext = async () => writer.submit(await decoding.shift()!);

  try {
    const messages = await consumer.consume({ max_messages: FETCH_MESSAGES });
    try {
      for await (const message of messages) {
        // From a time on, the messages left are those from the first one delivered to the last.
        if (processed === 0 && since) total = Math.max(lastSequence - message.seq + 1, 1);
        processed += 1;
        const interested = bySubject.get(message.subject);
        if (interested)
          read.push({ streamSequence: message.seq, data: message.data, projections: interested });
        if (read.length >= eventsPerTransaction) {
          decodeRead(message.seq);
          if (decoding.length > BATCHES_DECODED_AHEAD) await writeNext();
        } else if (processed % MESSAGES_BETWEEN_YIELDS === 0) await yieldToIo();
        if (message.seq >= lastSequence) break;
      }
    } finally {
      await messages.close();
    }
    decodeRead(lastSequence);
    while (decoding.length > 0) await writeNext();
    await writer.finish();
  } finally {
    // On the way out after an error too: no transaction of this replay may outlive it.
    await writer.finish().catch(() => undefined);
    await decoders.close();
  }
  return {
    events: processed,
    applied: writer.applied,
    skippedInvalid,
    failed: writer.failed,
    elapsedMs: Date.now() - started,
  };
}
