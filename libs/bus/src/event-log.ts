import { DeliverPolicy } from '@nats-io/jetstream';
import { decodeEvent, type EventDefinition, type EventEnvelope } from '@support/contracts';
import type { BusConnection } from './bus-connection.js';

export interface EventLog {
  /** Every event that passes its contract, in stream order. */
  readonly events: EventEnvelope[];
  /** Stream sequences of the messages that do not. */
  readonly invalid: number[];
}

/**
 * The stream as it is now, from the start: every event, or those of one type. One ordered fetch of
 * exactly as many messages as the stream holds, so it returns without waiting out its expiry.
 */
export async function readEventLog(bus: BusConnection, only?: EventDefinition): Promise<EventLog> {
  const stream = bus.options.stream;
  const subject = only?.subject;
  const info = await bus.jsm.streams.info(stream, subject ? { subjects_filter: subject } : {});
  const count = subject ? (info.state.subjects?.[subject] ?? 0) : info.state.messages;
  const events: EventEnvelope[] = [];
  const invalid: number[] = [];
  if (count === 0) return { events, invalid };
  const consumer = await bus.js.consumers.get(stream, {
    deliver_policy: DeliverPolicy.All,
    ...(subject ? { filter_subjects: subject } : {}),
  });
  for await (const message of await consumer.fetch({ max_messages: count, expires: 5_000 })) {
    try {
      events.push(decodeEvent(message.data));
    } catch {
      invalid.push(message.seq);
    }
  }
  // A reader leaves no consumer behind (the server would keep it for minutes).
  await consumer.delete().catch(() => false);
  return { events, invalid };
}
