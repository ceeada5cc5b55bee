import type { EventEnvelope, EventMetadata } from '@support/contracts';

/**
 * Envelope metadata of an event caused by `cause`: same conversation, turn and correlation, the
 * cause as causation. The id is given (derived from the cause, so a redelivery repeats nothing).
 */
export function followUpOf(cause: EventEnvelope, id: string, occurredAt: Date): EventMetadata {
  return {
    id,
    occurredAt: occurredAt.toISOString(),
    conversationId: cause.conversationId,
    turnId: cause.turnId,
    causationId: cause.id,
    correlationId: cause.correlationId,
  };
}
