import { deterministicId } from '@support/bus/pure';
import {
  causedBy,
  createEvent,
  type EnvelopeOf,
  EscalationRaised,
  isSynthetic,
  ThreadOpened,
} from '@support/contracts';
import { AppError, type Clock } from '@support/platform/pure';
import { openEscalation, type PersonalData } from '@support/privacy';
import type { ThreadStore } from '../persistence/thread-store.js';
import type { AdminChannel } from '../ports/admin-channel.js';
import type { EventSink } from './event-sink.js';

/** What became of an escalation: handed to the admin channel, or left alone as evaluation traffic. */
export type HandoffOutcome = 'opened' | 'skipped_synthetic';

/**
 * On `escalation.raised`: open the conversation's handoff thread (or post the new summary into the
 * thread it already has), record it, and publish `escalation.thread_opened`.
 *
 * Idempotent: the thread row is written in the same conversation-locked transaction as the post, so
 * a redelivered event finds it and only republishes `thread_opened` under the same id (which
 * JetStream deduplicates). A channel failure throws: the event is redelivered with backoff.
 *
 * Evaluation traffic (a synthetic escalation, from `cli eval` or `cli ask`) never reaches a person:
 * no post, no thread, no `thread_opened`; the caller is told so it can say it skipped one.
 */
export class OpenHandoffThread {
  constructor(
    private readonly channel: AdminChannel,
    private readonly store: ThreadStore,
    private readonly events: EventSink,
    private readonly clock: Clock,
    private readonly personalData: PersonalData,
  ) {}

  async execute(event: EnvelopeOf<typeof EscalationRaised>): Promise<HandoffOutcome> {
    if (isSynthetic(event)) return 'skipped_synthetic';
    const conversationId = event.conversationId;
    if (!conversationId)
      throw new AppError('validation_failed', 'escalation.raised without a conversationId');
    const escalation = event.payload;
    const row = await this.store.withConversationLock(conversationId, async (tx) => {
      const known = await tx.findByEscalation(escalation.escalationId);
      if (known) return known;
      const previous = await tx.latestForConversation(conversationId);
      const existing =
        previous && previous.provider === this.channel.provider
          ? { channel: previous.channel, threadId: previous.threadId }
          : undefined;
      // The summary quotes the customer: opened here, for the thread only ("[erased]" when the
      // customer was forgotten before this delivery).
      const opened = await openEscalation(this.personalData, escalation);
      const ref = await this.channel.openThread({
        conversationId,
        escalation: opened,
        existing,
      });
      const thread = {
        escalationId: escalation.escalationId,
        conversationId,
        customerId: escalation.customerId,
        provider: this.channel.provider,
        channel: ref.channel,
        threadId: ref.threadId,
        raisedAt: new Date(event.occurredAt),
        openedAt: this.clock.now(),
        reason: escalation.reason,
        group: escalation.group,
      };
      await tx.insertThread(thread);
      return thread;
    });
    await this.events.publish(
      createEvent(
        ThreadOpened,
        {
          escalationId: row.escalationId,
          provider: row.provider,
          channel: row.channel,
          threadId: row.threadId,
        },
        {
          id: deterministicId('escalation.thread_opened', row.escalationId),
          occurredAt: row.openedAt.toISOString(),
          ...causedBy(event),
        },
      ),
    );
    return 'opened';
  }
}
