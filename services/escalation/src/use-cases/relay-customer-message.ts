import { openCustomerMessage, type PersonalData } from '@support/privacy';
import { type EnvelopeOf, isSynthetic, type MessageReceived } from '@support/contracts';
import type { Clock } from '@support/platform/pure';
import type { ThreadStore } from '../persistence/thread-store.js';
import type { AdminChannel } from '../ports/admin-channel.js';
import { formatCustomerMessage } from '../summary/format-summary.js';

/**
 * On `conversation.message_received`: when the conversation has a handoff thread still open
 * (its escalation not resolved yet), append the customer's message to it. Messages up to the
 * escalation are in the summary already; each message is posted once (recorded in the same locked
 * transaction as the post). Evaluation traffic (a synthetic message) is never posted to a person.
 */
export class RelayCustomerMessage {
  constructor(
    private readonly channel: AdminChannel,
    private readonly store: ThreadStore,
    private readonly clock: Clock,
    /** Opens the message for the admins' thread, the one place it is shown to them. */
    private readonly personalData: PersonalData,
  ) {}

  /** Returns whether the message was appended to a thread. */
  async execute(event: EnvelopeOf<typeof MessageReceived>): Promise<boolean> {
    const conversationId = event.conversationId;
    if (!conversationId || isSynthetic(event)) return false;
    return this.store.withConversationLock(conversationId, async (tx) => {
      const thread = await tx.latestForConversation(conversationId);
      if (!thread || thread.provider !== this.channel.provider) return false;
      // Resolved: the assistant has the conversation again and the thread is closed.
      if (thread.resolvedAt) return false;
      if (new Date(event.occurredAt) <= thread.raisedAt) return false;
      // Withdrawn: the customer went back to the assistant; what they write now is not for admins.
      if (thread.withdrawnAt && new Date(event.occurredAt) > thread.withdrawnAt) return false;
      if (await tx.wasRelayed(event.payload.messageId)) return false;
      const message = await openCustomerMessage(this.personalData, event.payload);
      // The customer was forgotten before this delivery: nothing of theirs goes to the thread.
      if (message.erased) return false;
      await this.channel.appendToThread(
        thread.channel,
        thread.threadId,
        formatCustomerMessage(message.text, event.payload.attachments.length),
      );
      await tx.markRelayed(event.payload.messageId, thread.escalationId, this.clock.now());
      return true;
    });
  }
}
