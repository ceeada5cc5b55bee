import type { CustomerForgotten, EnvelopeOf } from '@support/contracts';
import type { ThreadStore } from '../persistence/thread-store.js';
import type { AdminChannel } from '../ports/admin-channel.js';

/** What a forgotten customer's handoff thread says instead of their words. */
export const ERASED_THREAD_NOTICE = 'This conversation was erased at the customer’s request.';

/**
 * On `customer.forgotten`: the handoff thread of each of the customer's conversations loses what
 * the app posted there (the summary quoting them, their relayed messages). Idempotent: a thread
 * already erased has nothing left to erase.
 */
export class EraseCustomerThreads {
  constructor(
    private readonly channel: AdminChannel,
    private readonly store: ThreadStore,
  ) {}

  /** Returns how many messages were erased. */
  async execute(event: EnvelopeOf<typeof CustomerForgotten>): Promise<number> {
    let erased = 0;
    for (const conversationId of event.payload.conversationIds) {
      const thread = await this.store.withConversationLock(conversationId, (tx) =>
        tx.latestForConversation(conversationId),
      );
      if (!thread || thread.provider !== this.channel.provider) continue;
      erased += await this.channel.eraseThread(
        thread.channel,
        thread.threadId,
        ERASED_THREAD_NOTICE,
      );
    }
    return erased;
  }
}
