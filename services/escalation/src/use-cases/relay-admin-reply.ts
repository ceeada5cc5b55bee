import { deterministicId } from '@support/bus';
import { AdminReplied, createEvent } from '@support/contracts';
import { AppError, type Clock } from '@support/platform';
import type { ThreadStore } from '../persistence/thread-store.js';
import type { InboundAdminReply } from '../ports/admin-channel.js';
import type { EventSink } from './event-sink.js';

export type AdminReplyOutcome = 'published' | 'duplicate' | 'unknown_thread';

/**
 * An admin answered in a handoff thread: publish `escalation.admin_replied` for the thread's
 * conversation. The event id derives from the provider's reply id, so a retried delivery publishes
 * the same id (deduplicated by JetStream), and a seen-table keeps that true past the dedupe window.
 */
export class RelayAdminReply {
  constructor(
    private readonly store: ThreadStore,
    private readonly events: EventSink,
    private readonly clock: Clock,
  ) {}

  async fromThread(
    reply: InboundAdminReply,
    provider: 'slack' | 'console',
  ): Promise<AdminReplyOutcome> {
    const thread = await this.store.findByThread(reply.channel, reply.threadId);
    if (!thread) return 'unknown_thread';
    return this.publish(thread.escalationId, thread.conversationId, provider, reply);
  }

  /** The admin console's reply box: the same event, provider `console`. */
  async fromConsole(escalationId: string, adminId: string, text: string): Promise<void> {
    const thread = await this.store.findByEscalation(escalationId);
    if (!thread)
      throw new AppError('not_found', `No handoff thread for escalation ${escalationId}`);
    const now = this.clock.now();
    await this.publish(thread.escalationId, thread.conversationId, 'console', {
      channel: thread.channel,
      threadId: thread.threadId,
      adminId,
      text,
      // One console reply is one event; the caller's retries are not deduplicated here.
      externalId: `console:${deterministicId('console-reply', escalationId, adminId, text, now.getTime())}`,
    });
  }

  private async publish(
    escalationId: string,
    conversationId: string,
    provider: 'slack' | 'console',
    reply: InboundAdminReply,
  ): Promise<AdminReplyOutcome> {
    const externalId = reply.externalId.slice(0, 256);
    if (await this.store.hasSeenReply(externalId)) return 'duplicate';
    const text = reply.text.trim();
    if (!text) return 'duplicate';
    const now = this.clock.now();
    await this.events.publish(
      createEvent(
        AdminReplied,
        {
          escalationId,
          provider,
          adminId: reply.adminId.slice(0, 128),
          text: text.slice(0, 8000),
          externalId,
        },
        {
          id: deterministicId('escalation.admin_replied', provider, externalId),
          occurredAt: now.toISOString(),
          conversationId,
          causationId: null,
          correlationId: deterministicId('escalation.admin_replied.correlation', externalId),
        },
      ),
    );
    await this.store.markReplySeen(externalId, escalationId, now);
    return 'published';
  }
}

/** `replyFromConsole(escalationId, adminId, text)`: the console's minimal reply path. */
export function replyFromConsole(
  relay: RelayAdminReply,
  escalationId: string,
  adminId: string,
  text: string,
): Promise<void> {
  return relay.fromConsole(escalationId, adminId, text);
}
