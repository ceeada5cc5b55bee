import { EntitySchema } from 'typeorm';
import { isoTimestamp } from '../iso-timestamp.js';
import type { EscalationState } from './escalation-model.js';

const time = (name: string) =>
  ({ type: 'timestamptz', name, nullable: true, transformer: isoTimestamp }) as const;

export const EscalationEntity = new EntitySchema<EscalationState>({
  name: 'Escalation',
  tableName: 'escalations',
  columns: {
    escalationId: { type: 'text', primary: true, name: 'escalation_id' },
    conversationId: { type: 'text', name: 'conversation_id', nullable: true },
    customerId: { type: 'text', name: 'customer_id', nullable: true },
    turnId: { type: 'text', name: 'turn_id', nullable: true },
    reason: { type: 'text', nullable: true },
    group: { type: 'text', name: 'group', nullable: true },
    language: { type: 'text', nullable: true },
    question: { type: 'text', nullable: true },
    chunks: { type: 'jsonb', nullable: true },
    ordersMentioned: { type: 'jsonb', name: 'orders_mentioned', nullable: true },
    openedAt: time('opened_at'),
    raisedVersion: { type: 'text', name: 'raised_version' },
    topic: { type: 'text', nullable: true },
    classifier: { type: 'text', nullable: true },
    topicVersion: { type: 'text', name: 'topic_version' },
    provider: { type: 'text', nullable: true },
    channel: { type: 'text', nullable: true },
    threadId: { type: 'text', name: 'thread_id', nullable: true },
    threadOpenedAt: time('thread_opened_at'),
    threadVersion: { type: 'text', name: 'thread_version' },
    firstReplyAt: time('first_reply_at'),
    lastReplyAt: time('last_reply_at'),
    replies: { type: 'int' },
    resolvedAt: time('resolved_at'),
    claimedBy: { type: 'text', name: 'claimed_by', nullable: true },
    claimedAt: time('claimed_at'),
    claimVersion: { type: 'text', name: 'claim_version' },
    withdrawnAt: time('withdrawn_at'),
  },
});
