import {
  AdminReplied,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationClassified,
  EscalationRaised,
  type EscalationWithdrawn,
  type EnvelopeOf,
  MessageReceived,
  ReplySent,
} from '@support/contracts';
import type { AdminServerFrame } from './admin-frames.js';

/** Live console updates, built from the events themselves (no wait for a projection). */
export const adminFrames = {
  raised(event: EnvelopeOf<typeof EscalationRaised>): AdminServerFrame {
    const p = event.payload;
    return {
      type: 'escalation',
      escalation: {
        status: 'open',
        resolvedAt: null,
        escalationId: p.escalationId,
        conversationId: event.conversationId ?? '',
        customerId: p.customerId,
        reason: p.reason,
        group: p.group,
        topic: null,
        language: p.language,
        question: p.question,
        openedAt: event.occurredAt,
        chunks: p.chunks,
        claimedBy: null,
        claimedAt: null,
        claimSequence: 0,
        withdrawnAt: null,
        transcript: p.transcript.map((t) => ({
          role: t.role,
          kind: t.role === 'customer' ? 'message' : 'answer',
          text: t.text,
          at: t.at,
        })),
      },
    };
  },
  /** `text`: the message's text, opened. */
  customerMessage(event: EnvelopeOf<typeof MessageReceived>, text: string): AdminServerFrame {
    return {
      type: 'message',
      conversationId: event.conversationId ?? '',
      line: { role: 'customer', kind: 'message', text, at: event.occurredAt },
    };
  },
  /** `text`: the reply's text, opened. */
  reply(event: EnvelopeOf<typeof ReplySent>, text: string): AdminServerFrame {
    const p = event.payload;
    return {
      type: 'message',
      conversationId: event.conversationId ?? '',
      line: {
        role: p.kind === 'human' ? 'human' : 'agent',
        kind: p.kind,
        text,
        at: event.occurredAt,
      },
    };
  },
  adminReplied(event: EnvelopeOf<typeof AdminReplied>): AdminServerFrame {
    return {
      type: 'resolved',
      escalationId: event.payload.escalationId,
      conversationId: event.conversationId ?? '',
      at: event.occurredAt,
    };
  },
  withdrawn(event: EnvelopeOf<typeof EscalationWithdrawn>): AdminServerFrame {
    return {
      type: 'withdrawn',
      escalationId: event.payload.escalationId,
      conversationId: event.conversationId ?? '',
      at: event.occurredAt,
    };
  },
  classified(event: EnvelopeOf<typeof EscalationClassified>): AdminServerFrame {
    return { type: 'topic', escalationId: event.payload.escalationId, topic: event.payload.topic };
  },
  claimed(event: EnvelopeOf<typeof EscalationClaimed>): AdminServerFrame {
    return claimFrame('claimed', event);
  },
  claimReleased(event: EnvelopeOf<typeof EscalationClaimReleased>): AdminServerFrame {
    return claimFrame('claim_released', event);
  },
};

/** A claim or its release, as every console shows it (the payloads share their shape). */
function claimFrame(
  type: 'claimed' | 'claim_released',
  event: EnvelopeOf<typeof EscalationClaimed> | EnvelopeOf<typeof EscalationClaimReleased>,
): AdminServerFrame {
  const { escalationId, adminId, sequence } = event.payload;
  return { type, escalationId, adminId, sequence, at: event.occurredAt };
}
