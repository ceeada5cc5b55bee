import {
  EscalationRaised,
  type EscalationWithdrawn,
  type EnvelopeOf,
  ReplySent,
} from '@support/contracts';
import type { ConnectionRegistry } from './connection-registry.js';
import type { ReplyCausation } from './reply-causation.js';
import type { TurnLatency } from './turn-latency.js';

/**
 * Turns reply and escalation events into frames for the sockets showing that conversation, once
 * their causation checks out: anyone able to publish on the bus must not be able to put words in
 * the shop's mouth. An event that fails the check throws (see `ReplyCausation.check`) and is
 * dead-lettered by the consumer, never shown.
 */
export class ReplyDelivery {
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly causation: ReplyCausation,
    private readonly turns: TurnLatency,
  ) {}

  /** `text`: the reply's text, opened ("[erased]" once its customer was forgotten). */
  async replySent(event: EnvelopeOf<typeof ReplySent>, text: string): Promise<void> {
    if (!event.conversationId) return;
    const p = event.payload;
    const caused = { event, human: p.kind === 'human' };
    await this.causation.check(caused);
    this.causation.delivered(caused);
    this.registry.deliver(
      event.conversationId,
      {
        type: 'reply',
        turnId: event.turnId,
        replyId: p.replyId,
        kind: p.kind,
        text,
        citations: p.citations,
        ...(p.options ? { options: p.options } : {}),
        at: event.occurredAt,
      },
      p.replyId,
    );
    this.registry.deliver(event.conversationId, { type: 'typing', active: false });
    this.turns.replied(event.turnId, p.kind);
  }

  async escalationRaised(event: EnvelopeOf<typeof EscalationRaised>): Promise<void> {
    if (!event.conversationId) return;
    await this.causation.check({ event, human: false });
    this.registry.deliver(
      event.conversationId,
      { type: 'handed_to_human', reason: event.payload.reason, at: event.occurredAt },
      event.id,
    );
  }

  /** Caused by the customer's recorded withdrawal request, for a turn of the conversation. */
  async escalationWithdrawn(event: EnvelopeOf<typeof EscalationWithdrawn>): Promise<void> {
    if (!event.conversationId) return;
    await this.causation.check({ event, human: false });
    this.registry.deliver(
      event.conversationId,
      { type: 'handed_back', at: event.occurredAt },
      event.id,
    );
  }
}
