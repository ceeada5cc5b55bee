import {
  AdminReplied,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationClassified,
  EscalationRaised,
  EscalationWithdrawn,
  type EventEnvelope,
  isEvent,
  isSynthetic,
  ThreadOpened,
} from '@support/contracts';
import type { EscalationState } from './escalation-model.js';

export const ESCALATION_PROJECTION_EVENTS = [
  EscalationRaised,
  ThreadOpened,
  AdminReplied,
  EscalationClassified,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationWithdrawn,
] as const;

const minIso = (a: string | null, b: string) => (a !== null && a <= b ? a : b);
const maxIso = (a: string | null, b: string) => (a !== null && a >= b ? a : b);
const minText = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : a <= b ? a : b;
const versionOf = (event: EventEnvelope) => `${event.occurredAt}|${event.id}`;

/**
 * The escalation id every event of this projection carries, or null for any other event. Evaluation
 * traffic (synthetic events) is not an escalation anyone handles or counts: the admin queue and
 * the dashboard read this table, so those events are left out, live and in replay alike.
 */
export function escalationIdOf(event: EventEnvelope): string | null {
  if (isSynthetic(event)) return null;
  if (
    isEvent(event, EscalationRaised) ||
    isEvent(event, ThreadOpened) ||
    isEvent(event, AdminReplied) ||
    isEvent(event, EscalationClassified) ||
    isEvent(event, EscalationClaimed) ||
    isEvent(event, EscalationClaimReleased) ||
    isEvent(event, EscalationWithdrawn)
  )
    return event.payload.escalationId;
  return null;
}

export function newEscalation(escalationId: string): EscalationState {
  return {
    escalationId,
    conversationId: null,
    customerId: null,
    turnId: null,
    reason: null,
    group: null,
    language: null,
    question: null,
    chunks: null,
    ordersMentioned: null,
    openedAt: null,
    raisedVersion: '',
    topic: null,
    classifier: null,
    topicVersion: '',
    provider: null,
    channel: null,
    threadId: null,
    threadOpenedAt: null,
    threadVersion: '',
    firstReplyAt: null,
    lastReplyAt: null,
    replies: 0,
    resolvedAt: null,
    claimedBy: null,
    claimedAt: null,
    claimVersion: '',
    withdrawnAt: null,
  };
}

/** The claim history position a claim version holds (0: never claimed). */
export function claimSequenceOf(claimVersion: string): number {
  return claimVersion === '' ? 0 : Number(claimVersion.split('|')[0]);
}

/**
 * Until the raised event has arrived, the conversation comes from the envelopes of the others
 * (the smallest id, so it does not depend on their order); the raised event's own always wins.
 */
function withConversation(row: EscalationState, event: EventEnvelope): EscalationState {
  if (row.raisedVersion !== '') return row;
  return { ...row, conversationId: minText(row.conversationId, event.conversationId) };
}

/**
 * The escalations projection as a pure function: the row before an event and the row after it (null
 * when the event is not one of its own). Every rule commutes, so events folded in any order, as live
 * consumers with redeliveries see them or as a replay in stream order, end in the same row:
 * - raised: its fields come from the earliest raised event (`occurredAt|eventId`), openedAt with them;
 * - thread_opened: threadOpenedAt is the earliest; provider/channel/threadId are the latest thread's;
 * - admin_replied: replies counts events (each applied once), first/last reply are min/max;
 *   resolvedAt = the first reply, which sends the answer and hands the conversation back to the agent;
 * - classified: a real label beats the `fallback` one (`unclassified`), then the latest wins;
 * - claimed / claim_released: the highest claim sequence wins (a claim sets the holder, a release
 *   clears it), so a late redelivery of an old claim never overrides a newer release;
 * - withdrawn: withdrawnAt is the earliest (the customer took the request back before any reply).
 */
export function projectEscalation(
  event: EventEnvelope,
  current: EscalationState | null,
): EscalationState | null {
  const escalationId = escalationIdOf(event);
  if (!escalationId) return null;
  const row = current ?? newEscalation(escalationId);

  if (isEvent(event, EscalationRaised)) {
    const version = versionOf(event);
    if (row.raisedVersion !== '' && row.raisedVersion <= version) return row;
    const p = event.payload;
    return {
      ...row,
      conversationId: event.conversationId,
      customerId: p.customerId,
      turnId: event.turnId,
      reason: p.reason,
      // As the agent's policy classed the reason (`escalationGroupOf` of @support/policy).
      group: p.group,
      language: p.language,
      question: p.question,
      chunks: p.chunks.map(({ chunkId, score }) => ({ chunkId, score })),
      ordersMentioned: [...p.ordersMentioned],
      openedAt: event.occurredAt,
      raisedVersion: version,
    };
  }

  if (isEvent(event, ThreadOpened)) {
    const p = event.payload;
    const base = {
      ...withConversation(row, event),
      threadOpenedAt: minIso(row.threadOpenedAt, event.occurredAt),
    };
    const version = versionOf(event);
    if (version <= row.threadVersion) return base;
    return {
      ...base,
      provider: p.provider,
      channel: p.channel,
      threadId: p.threadId,
      threadVersion: version,
    };
  }

  if (isEvent(event, AdminReplied)) {
    const firstReplyAt = minIso(row.firstReplyAt, event.occurredAt);
    return {
      ...withConversation(row, event),
      firstReplyAt,
      lastReplyAt: maxIso(row.lastReplyAt, event.occurredAt),
      replies: row.replies + 1,
      resolvedAt: firstReplyAt,
    };
  }

  if (isEvent(event, EscalationClassified)) {
    const p = event.payload;
    const base = withConversation(row, event);
    const version = `${p.classifier === 'fallback' ? 0 : 1}|${versionOf(event)}`;
    if (version <= row.topicVersion) return base;
    return { ...base, topic: p.topic, classifier: p.classifier, topicVersion: version };
  }

  if (isEvent(event, EscalationClaimed) || isEvent(event, EscalationClaimReleased)) {
    const base = withConversation(row, event);
    const version = `${String(event.payload.sequence).padStart(10, '0')}|${versionOf(event)}`;
    if (version <= row.claimVersion) return base;
    const claimed = isEvent(event, EscalationClaimed);
    return {
      ...base,
      claimedBy: claimed ? event.payload.adminId : null,
      claimedAt: claimed ? event.occurredAt : null,
      claimVersion: version,
    };
  }

  if (isEvent(event, EscalationWithdrawn))
    return {
      ...withConversation(row, event),
      withdrawnAt: minIso(row.withdrawnAt, event.occurredAt),
    };

  return null;
}
