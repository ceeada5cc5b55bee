import { type Clock, systemClock } from '@support/platform/pure';
import type { ServerFrame } from './server-frames.js';

export type ReplyFrame = Extract<ServerFrame, { type: 'reply' }>;

/**
 * Replies of the last few minutes per conversation, whether or not a socket showed them. A customer
 * who connects while a reply is on its way (the projection behind `ready.history` lags the live
 * delivery, most of all while a restarted gateway catches up) gets it from here instead of never.
 */
export class RecentReplies {
  private readonly byConversation = new Map<string, { frame: ReplyFrame; keptAt: number }[]>();

  constructor(
    private readonly keepMs = 120_000,
    private readonly maxConversations = 20_000,
    private readonly maxPerConversation = 20,
    private readonly clock: Clock = systemClock,
  ) {}

  remember(conversationId: string, frame: ReplyFrame): void {
    const kept = this.fresh(conversationId);
    kept.push({ frame, keptAt: this.clock.now().getTime() });
    // Re-inserting moves the conversation to the end: the first key is the least recently used.
    this.byConversation.delete(conversationId);
    this.byConversation.set(conversationId, kept.slice(-this.maxPerConversation));
    if (this.byConversation.size > this.maxConversations)
      this.byConversation.delete(this.byConversation.keys().next().value!);
  }

  of(conversationId: string): ReplyFrame[] {
    return this.fresh(conversationId).map((entry) => entry.frame);
  }

  private fresh(conversationId: string) {
    const oldest = this.clock.now().getTime() - this.keepMs;
    return (this.byConversation.get(conversationId) ?? []).filter((e) => e.keptAt >= oldest);
  }
}
