import { newEventId } from '@support/bus';
import {
  createEvent,
  EscalationRaised,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
  RetrievalCompleted,
} from '@support/contracts';

/**
 * A realistic event mix, turn by turn: the customer message, the retrieval trace, the reply, and
 * for every fourth turn the abstention plus its escalation. Generated lazily: a million events
 * never sit in memory at once.
 */
export function* supportEvents(count: number, turnsPerConversation = 5): Generator<EventEnvelope> {
  const base = Date.UTC(2026, 10, 1);
  let emitted = 0;
  for (let c = 0; emitted < count; c++) {
    const conversationId = `conv-${c}`;
    const customerId = `cust-${c % 997}`;
    for (let t = 0; t < turnsPerConversation && emitted < count; t++) {
      const turnId = newEventId();
      const at = (offset: number) => new Date(base + c * 60_000 + t * 2_000 + offset).toISOString();
      const meta = (offset: number) => ({
        id: newEventId(),
        occurredAt: at(offset),
        conversationId,
        turnId,
        correlationId: turnId,
      });
      const escalated = (c * turnsPerConversation + t) % 4 === 3;
      const turn: EventEnvelope[] = [
        createEvent(
          MessageReceived,
          {
            ...EXAMPLE_PAYLOADS['conversation.message_received'],
            customerId,
            messageId: newEventId(),
            attachments: [],
          } as never,
          meta(0),
        ),
        createEvent(
          RetrievalCompleted,
          {
            ...EXAMPLE_PAYLOADS['retrieval.completed'],
            requestId: newEventId(),
            verdict: escalated ? 'below_score_floor' : 'ok',
          } as never,
          meta(40),
        ),
        createEvent(
          ReplySent,
          {
            ...EXAMPLE_PAYLOADS['agent.reply_sent'],
            customerId,
            replyId: newEventId(),
            kind: escalated ? 'abstention' : 'answer',
          } as never,
          meta(90),
        ),
      ];
      if (escalated)
        turn.push(
          createEvent(
            EscalationRaised,
            {
              ...EXAMPLE_PAYLOADS['escalation.raised'],
              customerId,
              escalationId: newEventId(),
            } as never,
            meta(91),
          ),
        );
      for (const event of turn) {
        if (emitted++ >= count) return;
        yield event;
      }
    }
  }
}

/** The first `count` events of {@link supportEvents}, in memory (small benchmarks). */
export function conversationEvents(count: number): EventEnvelope[] {
  return [...supportEvents(count)];
}

/** `count` customer messages, each of its own turn. */
export function messageEvents(count: number): EventEnvelope[] {
  const out: EventEnvelope[] = [];
  for (const event of supportEvents(Number.MAX_SAFE_INTEGER)) {
    if (event.type === MessageReceived.type) out.push(event);
    if (out.length === count) break;
  }
  return out;
}
