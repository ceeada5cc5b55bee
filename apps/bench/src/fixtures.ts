import { newEventId } from '@support/bus';
import {
  createEvent,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
} from '@support/contracts';

/** A realistic event mix: per conversation, a customer message and a reply per turn. */
export function conversationEvents(count: number, turnsPerConversation = 5): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  const base = Date.UTC(2026, 11, 1);
  for (let c = 0; events.length < count; c++) {
    const conversationId = `conv-${c}`;
    const customerId = `cust-${c % 997}`;
    for (let t = 0; t < turnsPerConversation && events.length < count; t++) {
      const turnId = newEventId();
      const at = (offset: number) => new Date(base + c * 60_000 + t * 2_000 + offset).toISOString();
      const meta = (offset: number) => ({
        id: newEventId(),
        occurredAt: at(offset),
        conversationId,
        turnId,
        correlationId: turnId,
      });
      events.push(
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
      );
      if (events.length < count)
        events.push(
          createEvent(
            ReplySent,
            { ...EXAMPLE_PAYLOADS['agent.reply_sent'], customerId, replyId: newEventId() } as never,
            meta(900),
          ),
        );
    }
  }
  return events;
}
