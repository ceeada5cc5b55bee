import type { EnvelopeOf, EscalationWithdrawn } from '@support/contracts';
import type { Clock } from '@support/platform/pure';
import type { ThreadStore } from '../persistence/thread-store.js';
import type { AdminChannel } from '../ports/admin-channel.js';
import { THREAD_NOTICES } from './thread-notices.js';

export type WithdrawalOutcome = 'noted' | 'already_noted' | 'other_channel' | 'no_thread';

/**
 * On `escalation.withdrawn`: the customer took the request back before any admin replied. The
 * thread is told once, and marked withdrawn so the customer's later messages (the assistant's
 * again) are not posted there. It stays open to a reply: an admin's answer still reaches the
 * customer, in that conversation, without taking it back from the assistant.
 */
export class NoteWithdrawal {
  constructor(
    private readonly channel: Pick<AdminChannel, 'provider' | 'appendToThread'>,
    private readonly store: ThreadStore,
    private readonly clock: Clock,
  ) {}

  async execute(event: EnvelopeOf<typeof EscalationWithdrawn>): Promise<WithdrawalOutcome> {
    const escalationId = event.payload.escalationId;
    const thread = await this.store.findByEscalation(escalationId);
    // No thread: the escalation was never handed to anyone (evaluation traffic), nothing to tell.
    if (!thread) return 'no_thread';
    return this.store.withConversationLock(thread.conversationId, async (tx) => {
      await tx.markWithdrawn(escalationId, new Date(event.occurredAt));
      // A thread of the other provider (Slack configured since, or no longer): nowhere to post.
      if (thread.provider !== this.channel.provider) return 'other_channel';
      const now = this.clock.now();
      if (!(await tx.claimNotice(thread.channel, thread.threadId, 'withdrawn', escalationId, now)))
        return 'already_noted';
      await this.channel.appendToThread(
        thread.channel,
        thread.threadId,
        THREAD_NOTICES.withdrawn(),
      );
      return 'noted';
    });
  }
}
