import type { ServerFrame } from './server-frames.js';

export interface FrameSink {
  send(frame: ServerFrame): void;
}

/** Which open sockets show which conversation (a customer may have several tabs open). */
export class ConnectionRegistry {
  private readonly byConversation = new Map<string, Set<FrameSink>>();

  attach(conversationId: string, sink: FrameSink): void {
    const sinks = this.byConversation.get(conversationId) ?? new Set<FrameSink>();
    sinks.add(sink);
    this.byConversation.set(conversationId, sinks);
  }

  detach(conversationId: string, sink: FrameSink): void {
    const sinks = this.byConversation.get(conversationId);
    if (!sinks) return;
    sinks.delete(sink);
    if (sinks.size === 0) this.byConversation.delete(conversationId);
  }

  /** Returns how many sockets received the frame. */
  deliver(conversationId: string, frame: ServerFrame): number {
    const sinks = this.byConversation.get(conversationId);
    if (!sinks) return 0;
    for (const sink of sinks) sink.send(frame);
    return sinks.size;
  }

  get connections(): number {
    let total = 0;
    for (const sinks of this.byConversation.values()) total += sinks.size;
    return total;
  }
}
