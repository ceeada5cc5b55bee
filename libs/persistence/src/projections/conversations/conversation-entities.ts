import { EntitySchema } from 'typeorm';
import { isoTimestamp } from '../iso-timestamp.js';
import type { ConversationState, MessageState, TurnState } from './conversation-model.js';

export const ConversationEntity = new EntitySchema<ConversationState>({
  name: 'Conversation',
  tableName: 'conversations',
  columns: {
    id: { type: 'text', primary: true },
    customerId: { type: 'text', name: 'customer_id' },
    openedAt: { type: 'timestamptz', name: 'opened_at', transformer: isoTimestamp },
    lastActivityAt: { type: 'timestamptz', name: 'last_activity_at', transformer: isoTimestamp },
    messageCount: { type: 'int', name: 'message_count' },
    humanActive: { type: 'boolean', name: 'human_active' },
    humanStateVersion: { type: 'text', name: 'human_state_version' },
  },
});

export const MessageEntity = new EntitySchema<MessageState>({
  name: 'Message',
  tableName: 'messages',
  columns: {
    id: { type: 'text', primary: true },
    conversationId: { type: 'text', name: 'conversation_id' },
    turnId: { type: 'text', name: 'turn_id', nullable: true },
    role: { type: 'text' },
    kind: { type: 'text' },
    text: { type: 'text' },
    citations: { type: 'jsonb' },
    attachments: { type: 'jsonb' },
    options: { type: 'jsonb', nullable: true },
    occurredAt: { type: 'timestamptz', name: 'occurred_at', transformer: isoTimestamp },
    eventId: { type: 'text', name: 'event_id' },
  },
});

export const TurnEntity = new EntitySchema<TurnState>({
  name: 'Turn',
  tableName: 'turns',
  columns: {
    id: { type: 'text', primary: true },
    conversationId: { type: 'text', name: 'conversation_id' },
    customerMessageId: { type: 'text', name: 'customer_message_id', nullable: true },
    status: { type: 'text' },
    escalationReason: { type: 'text', name: 'escalation_reason', nullable: true },
    outcomeVersion: { type: 'text', name: 'outcome_version' },
    startedAt: {
      type: 'timestamptz',
      name: 'started_at',
      nullable: true,
      transformer: isoTimestamp,
    },
    completedAt: {
      type: 'timestamptz',
      name: 'completed_at',
      nullable: true,
      transformer: isoTimestamp,
    },
  },
});
