import type { BusConnection } from '@support/bus';
import { decodeEvent, type EventEnvelope } from '@support/contracts';

export interface EventLog {
  /** Every event that passes its contract, in stream order. */
  readonly events: EventEnvelope[];
  /** Stream sequences of messages that do not (what the fault suite plants). */
  readonly invalid: number[];
}

/** Reads the whole stream, message by message: what an analyst's replay would see. */
export async function readEventLog(bus: BusConnection): Promise<EventLog> {
  const info = await bus.jsm.streams.info(bus.options.stream);
  const events: EventEnvelope[] = [];
  const invalid: number[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const message = await bus.jsm.streams.getMessage(bus.options.stream, { seq });
    if (!message) continue;
    try {
      events.push(decodeEvent(message.data));
    } catch {
      invalid.push(seq);
    }
  }
  return { events, invalid };
}
