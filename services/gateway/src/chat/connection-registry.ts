import { RecentReplies } from './recent-replies.js';
import type { ServerFrame } from './server-frames.js';

export interface FrameSink {
  send(frame: ServerFrame): void;
}

/**
 * Which open sockets show which conversation (a customer may have several tabs open). A socket is
 * shown each reply and each handoff once: a redelivered event, or a reply already in the socket's
 * `ready.history`, is not sent again.
 */
export class ConnectionRegistry {
  private readonly byConversation = new Map<string, Map<FrameSink, Set<string>>>();

  constructor(private readonly recent = new RecentReplies()) {}

  /** Attaches a socket that has seen `shownReplyIds`, and sends it the recent replies it has not. */
  attach(conversationId: string, sink: FrameSink, shownReplyIds: readonly string[] = []): void {
    const sinks = this.byConversation.get(conversationId) ?? new Map<FrameSink, Set<string>>();
    const shown = new Set(shownReplyIds);
    sinks.set(sink, shown);
    this.byConversation.set(conversationId, sinks);
    for (const frame of this.recent.of(conversationId))
      this.sendOnce(sink, shown, frame, frame.replyId);
  }

  detach(conversationId: string, sink: FrameSink): void {
    const sinks = this.byConversation.get(conversationId);
    if (!sinks) return;
    sinks.delete(sink);
    if (sinks.size === 0) this.byConversation.delete(conversationId);
  }

  /**
   * Sends the frame to the conversation's sockets, once per `key` (the event it shows) when given.
   * Returns how many sockets received it.
   */
  deliver(conversationId: string, frame: ServerFrame, key?: string): number {
    if (frame.type === 'reply') this.recent.remember(conversationId, frame);
    let delivered = 0;
    for (const [sink, shown] of this.byConversation.get(conversationId) ?? [])
      if (this.sendOnce(sink, shown, frame, key)) delivered += 1;
    return delivered;
  }

  get connections(): number {
    let total = 0;
    for (const sinks of this.byConversation.values()) total += sinks.size;
    return total;
  }

  private sendOnce(sink: FrameSink, shown: Set<string>, frame: ServerFrame, key?: string): boolean {
    if (key !== undefined) {
      if (shown.has(key)) return false;
      shown.add(key);
    }
    sink.send(frame);
    return true;
  }
}
