import { headers, type MsgHdrs } from '@nats-io/nats-core';
import { createEvent, DeadLetterRedriven, DeadLettered, type EnvelopeOf } from '@support/contracts';
import { AppError } from '@support/platform/pure';
import type { BusConnection } from './bus-connection.js';
import { type DeadLetterRow, deadLetterRows } from './dead-letter-rows.js';
import type { EventPublisher } from './event-publisher.js';
import { readEventLog } from './event-log.js';
import { deterministicId } from './ids.js';

/**
 * Names the one durable consumer a re-driven copy is for. Every consumer of the subject sees the
 * copy; the others acknowledge it untouched, so only the consumer that gave up handles it again.
 */
export const REDRIVE_CONSUMER_HEADER = 'Redrive-Consumer';

/** The consumer a message was re-driven to, or null for an ordinary message. */
export function redriveTargetOf(message: { readonly headers?: MsgHdrs }): string | null {
  return message.headers?.get(REDRIVE_CONSUMER_HEADER) || null;
}

/** Every dead letter in the log, with its re-drive if it had one. */
export async function readDeadLetters(bus: BusConnection): Promise<DeadLetterRow[]> {
  const [recorded, redriven] = await Promise.all([
    readEventLog(bus, DeadLettered),
    readEventLog(bus, DeadLetterRedriven),
  ]);
  return deadLetterRows(
    recorded.events as EnvelopeOf<typeof DeadLettered>[],
    redriven.events as EnvelopeOf<typeof DeadLetterRedriven>[],
  );
}

/**
 * Delivers a dead-lettered message to its consumer again: its original bytes, on its subject,
 * addressed to that consumer, then `deadletter.redriven` records it. In that order: a crash in
 * between leaves the row not re-driven and a second run publishes the same copy (its Nats-Msg-Id
 * derives from the dead letter, and handlers are idempotent), never a record without a delivery.
 */
export async function redriveDeadLetter(
  bus: BusConnection,
  publisher: EventPublisher,
  row: DeadLetterRow,
  now: Date,
): Promise<{ redriveSequence: number }> {
  const consumer = await bus.jsm.consumers.info(bus.options.stream, row.consumer).catch(() => null);
  if (!consumer)
    throw new AppError(
      'not_found',
      `Consumer ${row.consumer} does not exist: nothing would take the message`,
    );
  const hdrs = headers();
  hdrs.set(REDRIVE_CONSUMER_HEADER, row.consumer);
  const ack = await bus.js.publish(row.subject, Buffer.from(row.dataBase64, 'base64'), {
    msgID: deterministicId('redrive', row.id),
    headers: hdrs,
  });
  await publisher.publish(
    createEvent(
      DeadLetterRedriven,
      {
        deadLetterId: row.id,
        consumer: row.consumer,
        originalSubject: row.subject,
        streamSequence: row.streamSequence,
        redriveSequence: ack.seq,
        ...(row.originalEventId ? { originalEventId: row.originalEventId } : {}),
      },
      {
        id: deterministicId('deadletter-redriven', row.id),
        occurredAt: now.toISOString(),
        causationId: row.id,
        correlationId: row.correlationId,
      },
    ),
  );
  return { redriveSequence: ack.seq };
}
