import { EntitySchema } from 'typeorm';
import { isoTimestamp } from '../iso-timestamp.js';
import type { TurnTraceState } from './turn-trace-model.js';

const time = (name: string) =>
  ({ type: 'timestamptz', name, nullable: true, transformer: isoTimestamp }) as const;
const json = (name: string) => ({ type: 'jsonb', name, nullable: true }) as const;

export const TurnTraceEntity = new EntitySchema<TurnTraceState>({
  name: 'TurnTrace',
  tableName: 'turn_traces',
  columns: {
    turnId: { type: 'text', primary: true, name: 'turn_id' },
    conversationId: { type: 'text', name: 'conversation_id', nullable: true },
    customerMessageId: { type: 'text', name: 'customer_message_id', nullable: true },
    customerMessage: { type: 'text', name: 'customer_message', nullable: true },
    messageAt: time('message_at'),
    messageVersion: { type: 'text', name: 'message_version' },
    route: { type: 'text', nullable: true },
    reason: { type: 'text', nullable: true },
    outcome: json('outcome'),
    outcomeVersion: { type: 'text', name: 'outcome_version' },
    escalationId: { type: 'text', name: 'escalation_id', nullable: true },
    escalationReason: { type: 'text', name: 'escalation_reason', nullable: true },
    escalationVersion: { type: 'text', name: 'escalation_version' },
    retrieval: json('retrieval'),
    promptChunks: json('prompt_chunks'),
    retrievalVersion: { type: 'text', name: 'retrieval_version' },
    draft: { type: 'text', nullable: true },
    validation: json('validation'),
    reply: { type: 'text', nullable: true },
    replyKind: { type: 'text', name: 'reply_kind', nullable: true },
    replyAt: time('reply_at'),
    replyVersion: { type: 'text', name: 'reply_version' },
    latencyMs: { type: 'int', name: 'latency_ms', nullable: true },
    events: { type: 'jsonb' },
    synthetic: { type: 'boolean' },
  },
});
