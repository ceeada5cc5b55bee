import type { EnvelopeOf, EscalationClaimed, EscalationClaimReleased } from '@support/contracts';
import type { Clock } from '@support/platform/pure';
import type { ThreadStore } from '../persistence/thread-store.js';
import type { AdminChannel } from '../ports/admin-channel.js';
import { CLAIM_NOTICES } from './thread-notices.js';

export type ClaimNoticeOutcome = 'posted' | 'already_posted' | 'no_thread';

/**
 * On `escalation.claimed` / `escalation.claim_released`: says in the escalation's handoff thread who
 * is handling it, so people answering in Slack know. Each claim or release is posted once (the
 * notice is recorded in the same locked transaction as the post, keyed by the claim's sequence),
 * so a redelivery posts nothing. An escalation without a thread in this channel gets no notice.
 * The thread is looked up under the conversation's lock: a claim that arrives while the thread is
 * being opened (posted, not yet committed) waits for it instead of finding nothing.
 */
export class PostClaimNotice {
  constructor(
    private readonly channel: AdminChannel,
    private readonly store: ThreadStore,
    private readonly clock: Clock,
  ) {}

  async execute(
    event: EnvelopeOf<typeof EscalationClaimed> | EnvelopeOf<typeof EscalationClaimReleased>,
  ): Promise<ClaimNoticeOutcome> {
    const { escalationId, adminId, sequence } = event.payload;
    const conversationId =
      event.conversationId ?? (await this.store.findByEscalation(escalationId))?.conversationId;
    if (!conversationId) return 'no_thread';
    const notice = event.type === 'escalation.claimed' ? 'claimed' : 'claim_released';
    return this.store.withConversationLock(conversationId, async (tx) => {
      const thread = await tx.findByEscalation(escalationId);
      // Another conversation's thread is not this lock's to write under.
      if (thread?.conversationId !== conversationId || thread.provider !== this.channel.provider)
        return 'no_thread';
      const fresh = await tx.claimNotice(
        thread.channel,
        thread.threadId,
        notice,
        `${escalationId}#${sequence}`,
        this.clock.now(),
      );
      if (!fresh) return 'already_posted';
      await this.channel.appendToThread(
        thread.channel,
        thread.threadId,
        CLAIM_NOTICES[notice](adminId),
      );
      return 'posted';
    });
  }
}
