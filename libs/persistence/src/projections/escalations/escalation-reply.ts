import { AdminReplied, type EventEnvelope, isEvent } from '@support/contracts';
import { EntitySchema } from 'typeorm';
import { isoTimestamp } from '../iso-timestamp.js';
import { escalationIdOf } from './project-escalation.js';

/**
 * An admin's answer in a handoff thread (`escalation.admin_replied`), kept whole: knowledge gaps
 * draft articles from what admins answered. One row per event, so folding it again changes nothing.
 */
export interface EscalationReplyState {
  eventId: string;
  escalationId: string;
  provider: 'slack' | 'console';
  adminId: string;
  text: string;
  /** The provider's id of the reply (the Slack message's event id). */
  externalId: string;
  repliedAt: string;
}

export const EscalationReplyEntity = new EntitySchema<EscalationReplyState>({
  name: 'EscalationReply',
  tableName: 'escalation_replies',
  columns: {
    eventId: { type: 'text', primary: true, name: 'event_id' },
    escalationId: { type: 'text', name: 'escalation_id' },
    provider: { type: 'text' },
    adminId: { type: 'text', name: 'admin_id' },
    text: { type: 'text' },
    externalId: { type: 'text', name: 'external_id' },
    repliedAt: { type: 'timestamptz', name: 'replied_at', transformer: isoTimestamp },
  },
});

/** The reply rows of a batch's `escalation.admin_replied` events (evaluation traffic left out). */
export function replyRowsOf(events: readonly EventEnvelope[]): EscalationReplyState[] {
  const rows = new Map<string, EscalationReplyState>();
  for (const event of events) {
    if (!isEvent(event, AdminReplied) || escalationIdOf(event) === null) continue;
    const p = event.payload;
    rows.set(event.id, {
      eventId: event.id,
      escalationId: p.escalationId,
      provider: p.provider,
      adminId: p.adminId,
      text: p.text,
      externalId: p.externalId,
      repliedAt: new Date(event.occurredAt).toISOString(),
    });
  }
  return [...rows.values()];
}
