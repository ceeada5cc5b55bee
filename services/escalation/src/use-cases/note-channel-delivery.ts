import type { EnvelopeOf, ReplyDelivered, ReplyFailed } from '@support/contracts';
import type { Clock } from '@support/platform/pure';
import type { ThreadStore } from '../persistence/thread-store.js';
import type { AdminChannel } from '../ports/admin-channel.js';
import { DELIVERY_NOTICES } from './thread-notices.js';

export type DeliveryNoticeOutcome = 'posted' | 'already_posted' | 'no_thread' | 'nothing_to_tell';

/**
 * On `channel.reply_delivered` and `channel.reply_failed`: tells the conversation's handoff
 * thread what became of a reply on the customer's own channel (WhatsApp) when the admins should
 * know — it went out as the approved template because the 24-hour window had closed, or it could
 * not be delivered at all. Each reply's notice is posted once (recorded with the post, under the
 * conversation's lock). A conversation without a thread here has no one to tell.
 */
export class NoteChannelDelivery {
  constructor(
    private readonly channel: Pick<AdminChannel, 'provider' | 'appendToThread'>,
    private readonly store: ThreadStore,
    private readonly clock: Clock,
  ) {}

  async execute(
    event: EnvelopeOf<typeof ReplyDelivered> | EnvelopeOf<typeof ReplyFailed>,
  ): Promise<DeliveryNoticeOutcome> {
    const text = noticeOf(event);
    const conversationId = event.conversationId;
    if (!text) return 'nothing_to_tell';
    if (!conversationId) return 'no_thread';
    return this.store.withConversationLock(conversationId, async (tx) => {
      const thread = await tx.latestForConversation(conversationId);
      if (!thread || thread.provider !== this.channel.provider) return 'no_thread';
      const fresh = await tx.claimNotice(
        thread.channel,
        thread.threadId,
        event.type,
        event.payload.replyId,
        this.clock.now(),
      );
      if (!fresh) return 'already_posted';
      await this.channel.appendToThread(thread.channel, thread.threadId, text);
      return 'posted';
    });
  }
}

function noticeOf(
  event: EnvelopeOf<typeof ReplyDelivered> | EnvelopeOf<typeof ReplyFailed>,
): string | null {
  if (event.type === 'channel.reply_failed') return DELIVERY_NOTICES.failed(event.payload);
  const { via, template, cut, kind } = event.payload;
  return via === 'template' && template && kind === 'human'
    ? DELIVERY_NOTICES.template(template, cut === true)
    : null;
}
