import { deterministicId } from '@support/bus/pure';
import {
  createEvent,
  CustomerForgotten,
  type EnvelopeOf,
  type ForgetReason,
} from '@support/contracts';
import type { PersonalData } from '@support/privacy';
import type { DataSource } from 'typeorm';
import { schemaOf } from '../processed-events.js';
import { quoteIdentifier } from '../sql-identifier.js';
import { storableText } from '../storable.js';

export interface ForgetRequest {
  readonly customerId: string;
  readonly requestedBy: string;
  readonly reason: ForgetReason;
}

export interface ForgetParts {
  readonly dataSource: DataSource;
  readonly personalData: PersonalData;
  readonly publish: (event: EnvelopeOf<typeof CustomerForgotten>) => Promise<unknown>;
  readonly now: () => Date;
}

/**
 * Forgets a customer (right to erasure): destroys their data keys, which erases every personal
 * field sealed under them wherever a copy of the log is, then publishes `customer.forgotten`, the
 * audit record on which every service deletes what it holds of them and the projections rewrite
 * their rows. Idempotent: forgetting again destroys nothing new and publishes the same event (its
 * id derives from the customer and the keys), which the stream deduplicates.
 */
export async function forgetCustomer(
  parts: ForgetParts,
  request: ForgetRequest,
): Promise<EnvelopeOf<typeof CustomerForgotten>> {
  const conversations: { id: string }[] = await parts.dataSource.query(
    `SELECT id FROM ${quoteIdentifier(schemaOf(parts.dataSource))}.conversations
     WHERE customer_id = $1 ORDER BY opened_at, id`,
    [storableText(request.customerId)],
  );
  const { keyIds } = await parts.personalData.forget(request.customerId);
  const requestId = deterministicId('customer_forgotten', request.customerId, ...keyIds);
  const event = createEvent(
    CustomerForgotten,
    {
      requestId,
      customerId: request.customerId,
      keyIds: [...keyIds],
      conversationIds: conversations.map((conversation) => conversation.id),
      reason: request.reason,
      requestedBy: request.requestedBy,
    },
    {
      id: requestId,
      occurredAt: parts.now().toISOString(),
      conversationId: null,
      turnId: null,
      causationId: null,
      correlationId: requestId,
    },
  );
  await parts.publish(event);
  return event;
}
