import { EscalationRaised, type EnvelopeOf, ReplySent } from '@support/contracts';
import type { ConnectionRegistry } from './connection-registry.js';

/** Turns reply and escalation events into frames for the sockets showing that conversation. */
export class ReplyDelivery {
  constructor(private readonly registry: ConnectionRegistry) {}

  replySent(event: EnvelopeOf<typeof ReplySent>): void {
    if (!event.conversationId) return;
    const p = event.payload;
    this.registry.deliver(
      event.conversationId,
      {
        type: 'reply',
        turnId: event.turnId,
        replyId: p.replyId,
        kind: p.kind,
        text: p.text,
        citations: p.citations,
        at: event.occurredAt,
      },
      p.replyId,
    );
    this.registry.deliver(event.conversationId, { type: 'typing', active: false });
  }

  escalationRaised(event: EnvelopeOf<typeof EscalationRaised>): void {
    if (!event.conversationId) return;
    this.registry.deliver(
      event.conversationId,
      { type: 'handed_to_human', reason: event.payload.reason, at: event.occurredAt },
      event.id,
    );
  }
}
