import type { EscalationGroup, EscalationReason } from '@support/contracts';
import { EntitySchema } from 'typeorm';

/** One handoff thread per escalation (several escalations of a conversation share its thread). */
export interface EscalationThreadRow {
  escalationId: string;
  conversationId: string;
  customerId: string;
  provider: 'slack' | 'console';
  channel: string;
  threadId: string;
  /** When the escalation was raised: customer messages up to then are in the summary already. */
  raisedAt: Date;
  openedAt: Date;
  /** Its first admin reply: the conversation went back to the agent and the thread is closed. */
  resolvedAt: Date | null;
  /** The customer withdrew the request: later customer messages are the assistant's again. */
  withdrawnAt: Date | null;
  /** Why it was raised; null for threads opened before this was recorded. */
  reason: EscalationReason | null;
  group: EscalationGroup | null;
}

export const EscalationThreadEntity = new EntitySchema<EscalationThreadRow>({
  name: 'EscalationThread',
  tableName: 'escalation_threads',
  columns: {
    escalationId: { type: 'text', primary: true, name: 'escalation_id' },
    conversationId: { type: 'text', name: 'conversation_id' },
    customerId: { type: 'text', name: 'customer_id' },
    provider: { type: 'text' },
    channel: { type: 'text' },
    threadId: { type: 'text', name: 'thread_id' },
    raisedAt: { type: 'timestamptz', name: 'raised_at' },
    openedAt: { type: 'timestamptz', name: 'opened_at' },
    resolvedAt: { type: 'timestamptz', name: 'resolved_at', nullable: true },
    withdrawnAt: { type: 'timestamptz', name: 'withdrawn_at', nullable: true },
    reason: { type: 'text', nullable: true },
    group: { type: 'text', name: 'escalation_group', nullable: true },
  },
});

/** Customer messages already appended to a thread (a redelivered message is not posted twice). */
export interface RelayedMessageRow {
  messageId: string;
  escalationId: string;
  relayedAt: Date;
}

export const RelayedMessageEntity = new EntitySchema<RelayedMessageRow>({
  name: 'EscalationRelayedMessage',
  tableName: 'escalation_relayed_messages',
  columns: {
    messageId: { type: 'text', primary: true, name: 'message_id' },
    escalationId: { type: 'text', name: 'escalation_id' },
    relayedAt: { type: 'timestamptz', name: 'relayed_at' },
  },
});

/** Admin replies already published, by provider id (Slack event id): retries reply once. */
export interface AdminReplySeenRow {
  externalId: string;
  escalationId: string;
  receivedAt: Date;
}

export const AdminReplySeenEntity = new EntitySchema<AdminReplySeenRow>({
  name: 'EscalationAdminReplySeen',
  tableName: 'escalation_admin_replies_seen',
  columns: {
    externalId: { type: 'text', primary: true, name: 'external_id' },
    escalationId: { type: 'text', name: 'escalation_id' },
    receivedAt: { type: 'timestamptz', name: 'received_at' },
  },
});

/**
 * What the bot told a thread, once each: `notice` is the kind (`not_an_admin`, `closed`) and
 * `subject` whom or what it was about (the Slack user, the escalation).
 */
export interface ThreadNoticeRow {
  channel: string;
  threadId: string;
  notice: string;
  subject: string;
  postedAt: Date;
}

export const ThreadNoticeEntity = new EntitySchema<ThreadNoticeRow>({
  name: 'EscalationThreadNotice',
  tableName: 'escalation_thread_notices',
  columns: {
    channel: { type: 'text', primary: true },
    threadId: { type: 'text', primary: true, name: 'thread_id' },
    notice: { type: 'text', primary: true },
    subject: { type: 'text', primary: true },
    postedAt: { type: 'timestamptz', name: 'posted_at' },
  },
});
