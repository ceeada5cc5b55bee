import { deterministicId } from '@support/bus/pure';
import {
  ADMIN_ID_MAX_CHARS,
  ADMIN_REPLY_MAX_CHARS,
  AdminReplied,
  createEvent,
  EXTERNAL_REPLY_ID_MAX_CHARS,
} from '@support/contracts';
import { foreignHosts } from '@support/citations';
import { AppError, type Clock } from '@support/platform/pure';
import type { AdminReplyReceipts } from '@support/persistence';
import type { PersonalData } from '@support/privacy';
import { normalizeForChecks } from '@support/text';
import type { EscalationThreadRow } from '../persistence/thread-entities.js';
import type { ThreadStore, ThreadTransaction } from '../persistence/thread-store.js';
import type { AdminChannel, InboundAdminReply } from '../ports/admin-channel.js';
import type { AdminAllowList } from './admin-allow-list.js';
import type { EventSink } from './event-sink.js';
import { type ThreadNotice, THREAD_NOTICES } from './thread-notices.js';

export type AdminReplyOutcome =
  | 'published'
  | 'duplicate'
  | 'unknown_thread'
  | 'not_an_admin'
  | 'resolved'
  /** The reply links to a host answers may not link to (`REPLY_LINK_HOSTS`): not sent. */
  | 'foreign_link'
  /** Only files, no words: nothing reaches the customer, the escalation stays open. */
  | 'no_text';

/**
 * An admin answered in a handoff thread: publish `escalation.admin_replied` for the thread's
 * conversation. The event id derives from the provider's reply id, so a retried delivery publishes
 * the same id (deduplicated by JetStream), and a seen-table keeps that true past the dedupe window.
 *
 * Only admins reach the customer (anyone in a Slack channel can reply in a thread), and only until
 * the escalation is resolved by its first admin reply: after that the assistant has the
 * conversation again. Either refusal is answered in the thread, once.
 *
 * An admin's words obey the link rule of every answer: a link to or a name of a host outside
 * `linkHosts` (`REPLY_LINK_HOSTS`) keeps the reply from the customer, and the thread says which
 * host and why. Files attached in the thread never reach the customer; the thread says so.
 */
export class RelayAdminReply {
  constructor(
    private readonly store: ThreadStore,
    private readonly events: EventSink,
    private readonly clock: Clock,
    private readonly channel: Pick<AdminChannel, 'appendToThread'>,
    private readonly admins: AdminAllowList,
    private readonly receipts: Pick<AdminReplyReceipts, 'record'>,
    private readonly personalData: PersonalData,
    private readonly linkHosts: readonly string[] = [],
  ) {}

  async fromThread(
    reply: InboundAdminReply,
    provider: 'slack' | 'console',
  ): Promise<AdminReplyOutcome> {
    const thread = await this.store.findByThread(reply.channel, reply.threadId);
    if (!thread) return 'unknown_thread';
    // One reply of a conversation at a time: a retry running beside its first delivery waits and
    // then finds it seen, and a second reply finds the escalation resolved by the first.
    return this.store.withConversationLock(thread.conversationId, async (tx) => {
      if (await this.store.hasSeenReply(reply.externalId.slice(0, EXTERNAL_REPLY_ID_MAX_CHARS)))
        return 'duplicate';
      if (!this.admins.allows(reply.adminId)) {
        await this.noticeOnce(tx, thread, 'not_an_admin', reply.adminId);
        return 'not_an_admin';
      }
      if ((await tx.findByEscalation(thread.escalationId))?.resolvedAt) {
        await this.noticeOnce(tx, thread, 'closed', thread.escalationId);
        return 'resolved';
      }
      const hosts = foreignHosts(normalizeForChecks(reply.text), this.linkHosts);
      if (hosts.length > 0) {
        await this.noticeOnce(tx, thread, 'foreign_link', reply.externalId, hosts.join(', '));
        return 'foreign_link';
      }
      if (reply.files?.length)
        await this.noticeOnce(
          tx,
          thread,
          'files_not_sent',
          reply.externalId,
          reply.files.join(', '),
        );
      if (!reply.text.trim()) return 'no_text';
      const outcome = await this.publish(thread, provider, reply);
      if (outcome === 'published') await tx.markResolved(thread.escalationId, this.clock.now());
      return outcome;
    });
  }

  /** The admin console's reply box: the same event, provider `console`. */
  async fromConsole(escalationId: string, adminId: string, text: string): Promise<void> {
    const thread = await this.store.findByEscalation(escalationId);
    if (!thread)
      throw new AppError('not_found', `No handoff thread for escalation ${escalationId}`);
    const now = this.clock.now();
    await this.publish(thread, 'console', {
      channel: thread.channel,
      threadId: thread.threadId,
      adminId,
      text,
      // One console reply is one event; the caller's retries are not deduplicated here.
      externalId: `console:${deterministicId('console-reply', escalationId, adminId, text, now.getTime())}`,
    });
  }

  /** Posts `notice` in the thread unless it was posted for `subject` before; `detail` fills it in. */
  private async noticeOnce(
    tx: ThreadTransaction,
    thread: EscalationThreadRow,
    notice: ThreadNotice,
    subject: string,
    detail = subject,
  ): Promise<void> {
    const now = this.clock.now();
    if (!(await tx.claimNotice(thread.channel, thread.threadId, notice, subject, now))) return;
    await this.channel.appendToThread(
      thread.channel,
      thread.threadId,
      THREAD_NOTICES[notice](detail),
    );
  }

  private async publish(
    thread: Pick<EscalationThreadRow, 'escalationId' | 'conversationId' | 'customerId'>,
    provider: 'slack' | 'console',
    reply: InboundAdminReply,
  ): Promise<AdminReplyOutcome> {
    const { escalationId, conversationId } = thread;
    const externalId = reply.externalId.slice(0, EXTERNAL_REPLY_ID_MAX_CHARS);
    if (await this.store.hasSeenReply(externalId)) return 'duplicate';
    const text = reply.text.trim();
    if (!text) return 'duplicate';
    const now = this.clock.now();
    // The receipt first: the agent relays only admin replies whose receipt it finds.
    await this.receipts.record({
      provider,
      externalId,
      escalationId,
      conversationId,
      receivedAt: now,
    });
    await this.events.publish(
      createEvent(
        AdminReplied,
        {
          escalationId,
          provider,
          adminId: reply.adminId.slice(0, ADMIN_ID_MAX_CHARS),
          // Personal: an answer to the customer, sealed under their key.
          text: await this.personalData.sealText(
            thread.customerId,
            text.slice(0, ADMIN_REPLY_MAX_CHARS),
          ),
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
