import { type EventEnvelope, MessageReceived, type ReplyKind } from '@support/contracts';
import type { EventSink } from './customer-chat.js';

/** Enough for every turn in flight on a busy gateway; a turn never answered ages out. */
const TURNS_IN_FLIGHT = 50_000;

/** Replies that answer a turn: an admin's later words do not. */
const TURN_REPLIES: ReadonlySet<ReplyKind> = new Set(['answer', 'abstention', 'holding']);

/**
 * The customer's wait: from the moment this gateway hands a message to the stream to the first
 * reply of its turn this gateway delivers. Only the gateway that accepted a message times it.
 */
export class TurnLatency {
  private readonly started = new Map<string, number>();

  constructor(
    private readonly record: (seconds: number) => void,
    private readonly monotonicMs: () => number = () => performance.now(),
    private readonly capacity = TURNS_IN_FLIGHT,
  ) {}

  /** Publishes through `sink`; a customer message the stream acknowledged starts its turn's clock. */
  timingSink(sink: EventSink): EventSink {
    return {
      publish: async (event) => {
        const at = this.monotonicMs();
        const result = await sink.publish(event);
        this.accepted(event, at);
        return result;
      },
    };
  }

  /** A reply of `kind` for `turnId` reached the customer's sockets. */
  replied(turnId: string | null, kind: ReplyKind): void {
    if (!turnId || !TURN_REPLIES.has(kind)) return;
    const at = this.started.get(turnId);
    if (at === undefined) return;
    this.started.delete(turnId);
    this.record((this.monotonicMs() - at) / 1000);
  }

  private accepted(event: EventEnvelope, at: number): void {
    if (event.type !== MessageReceived.type || !event.turnId) return;
    this.started.set(event.turnId, at);
    // Insertion order is age order: past the capacity, the oldest turn goes.
    if (this.started.size > this.capacity) this.started.delete(this.started.keys().next().value!);
  }
}
