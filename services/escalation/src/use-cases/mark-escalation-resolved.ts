import type { AdminReplied, EnvelopeOf } from '@support/contracts';
import type { ThreadStore } from '../persistence/thread-store.js';

/**
 * On `escalation.admin_replied`, whoever sent it (a Slack thread, the admin console, another
 * replica): the escalation is resolved, so its thread stops relaying replies to the customer.
 * Idempotent: the earliest reply's time is kept.
 */
export class MarkEscalationResolved {
  constructor(private readonly store: ThreadStore) {}

  async execute(event: EnvelopeOf<typeof AdminReplied>): Promise<void> {
    await this.store.markResolved(event.payload.escalationId, new Date(event.occurredAt));
  }
}
