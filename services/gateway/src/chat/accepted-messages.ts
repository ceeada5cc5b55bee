import { type EventEnvelope, MessageReceived, WithdrawalRequested } from '@support/contracts';
import type { EventSink } from './customer-chat.js';
import type { CausationRecords } from './reply-causation.js';

/** Enough for every turn of the last minutes of a busy gateway; older ones the projection has. */
const REMEMBERED_MESSAGES = 50_000;

/**
 * The customer messages this gateway accepted and the stream acknowledged, and the answers it
 * delivered, remembered so that the
 * reply to one is verified at once: the conversations projection (the fallback, for messages
 * another replica accepted, or accepted before a restart) may lag live delivery by seconds, more
 * while it catches up, and the reply would wait for it.
 */
export class AcceptedMessages implements CausationRecords {
  private readonly turns = new Map<string, string>();
  private readonly events = new Map<string, string>();
  private readonly withdrawals = new Set<string>();
  /** turn id → the reply id delivered as its answer. */
  private readonly answers = new Map<string, string>();

  constructor(
    private readonly fallback: CausationRecords,
    private readonly capacity = REMEMBERED_MESSAGES,
  ) {}

  /** Publishes through `sink` and, once the stream acknowledged it, remembers the message. */
  rememberingSink(sink: EventSink): EventSink {
    return {
      publish: async (event) => {
        const result = await sink.publish(event);
        this.remember(event);
        return result;
      },
    };
  }

  remember(event: EventEnvelope): void {
    if (!event.conversationId) return;
    // A withdrawal request is the cause the agent's `escalation.withdrawn` names.
    if (event.type === WithdrawalRequested.type) {
      remember(this.events, event.id, event.conversationId, this.capacity);
      this.withdrawals.add(event.id);
      if (this.withdrawals.size > this.capacity)
        this.withdrawals.delete(this.withdrawals.values().next().value!);
      return;
    }
    if (event.type !== MessageReceived.type || !event.turnId) return;
    remember(this.turns, event.turnId, event.conversationId, this.capacity);
    remember(this.events, event.id, event.conversationId, this.capacity);
  }

  async conversationOfTurn(turnId: string): Promise<string | null> {
    return this.turns.get(turnId) ?? this.fallback.conversationOfTurn(turnId);
  }

  async answerOfTurn(turnId: string): Promise<string | null> {
    return this.answers.get(turnId) ?? this.fallback.answerOfTurn(turnId);
  }

  rememberAnswer(turnId: string, replyId: string): void {
    if (!this.answers.has(turnId)) remember(this.answers, turnId, replyId, this.capacity);
  }

  async recordedEvent(eventId: string) {
    const conversationId = this.events.get(eventId);
    if (conversationId === undefined) return this.fallback.recordedEvent(eventId);
    const type = this.withdrawals.has(eventId) ? WithdrawalRequested.type : MessageReceived.type;
    return { type, conversationId };
  }
}

/** Insertion order is age order: past the capacity, the oldest entry goes. */
function remember(map: Map<string, string>, key: string, value: string, capacity: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > capacity) map.delete(map.keys().next().value!);
}
