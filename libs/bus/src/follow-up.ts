import {
  causedBy,
  createEvent,
  type EnvelopeOf,
  type EventDefinition,
  type EventEnvelope,
  type PayloadOf,
} from '@support/contracts';
import { deterministicId } from './ids.js';

/**
 * An event caused by `cause`: same conversation, turn and correlation, the cause as causation, and
 * evaluation traffic when the cause is (`causedBy`).
 * Its id derives from its type and `key` (what makes it one of a kind: the cause's id, or the
 * request it answers), so handling a redelivered cause again publishes nothing new.
 */
export function createFollowUp<D extends EventDefinition>(
  definition: D,
  payload: PayloadOf<D>,
  cause: EventEnvelope,
  key: string,
  occurredAt: Date,
): EnvelopeOf<D> {
  return createEvent(definition, payload, {
    id: deterministicId(definition.type, key),
    occurredAt: occurredAt.toISOString(),
    ...causedBy(cause),
  });
}
