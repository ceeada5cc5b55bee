import {
  CustomerForgotten,
  EscalationRaised,
  escalationReasonOf,
  EscalationWithdrawn,
  type EventEnvelope,
  isEvent,
  isSynthetic,
  MessageReceived,
  ReplySent,
  TurnOutcome,
  WithdrawalRequested,
} from '@support/contracts';
import { legacyOutcomeOfReply } from '../legacy-turn-outcome.js';
import type {
  ConversationState,
  MessageState,
  TurnState,
  TurnStatus,
} from './conversation-model.js';

export const CONVERSATION_PROJECTION_EVENTS = [
  MessageReceived,
  // Folded by applyConversationEvents (it names no conversation): see ForgottenCustomers.
  CustomerForgotten,
  ReplySent,
  EscalationRaised,
  WithdrawalRequested,
  EscalationWithdrawn,
  TurnOutcome,
] as const;

export interface ConversationRows {
  conversation: ConversationState | null;
  turn: TurnState | null;
}

export interface ConversationChanges {
  conversation: ConversationState;
  turn: TurnState | null;
  message: MessageState | null;
}

const maxIso = (a: string, b: string) => (a >= b ? a : b);
const minIso = (a: string, b: string) => (a <= b ? a : b);

function newConversation(id: string, customerId: string, at: string): ConversationState {
  return {
    id,
    customerId,
    openedAt: at,
    lastActivityAt: at,
    messageCount: 0,
    humanActive: false,
    humanStateVersion: '',
  };
}

/** Applies the human-takeover flag only if this event is newer than the one that last set it. */
function withHumanState(
  conversation: ConversationState,
  event: EventEnvelope,
  humanActive: boolean,
): ConversationState {
  const version = `${event.occurredAt}|${event.id}`;
  if (version <= conversation.humanStateVersion) return conversation;
  return { ...conversation, humanActive, humanStateVersion: version };
}

function touched(conversation: ConversationState, at: string, messages: number): ConversationState {
  return {
    ...conversation,
    openedAt: minIso(conversation.openedAt, at),
    lastActivityAt: maxIso(conversation.lastActivityAt, at),
    messageCount: conversation.messageCount + messages,
  };
}

const FINAL: readonly TurnStatus[] = ['answered', 'escalated', 'clarified'];

function turnOf(current: TurnState | null, id: string, conversationId: string): TurnState {
  return (
    current ?? {
      id,
      conversationId,
      customerMessageId: null,
      status: 'open',
      escalationReason: null,
      startedAt: null,
      completedAt: null,
      outcomeVersion: '',
    }
  );
}

/** The turn's `turn.outcome` arrived: its status and reason are the event's, never derived again. */
const hasOutcomeEvent = (turn: TurnState) => turn.outcomeVersion !== '';

/**
 * The conversations projection as a pure function: the rows an event touches, before and after
 * (null for an event it leaves alone). Evaluation traffic (synthetic events) is left out: these rows
 * are customers' histories, the admin queue's transcripts and the dashboard's turn counts.
 * Every rule commutes (min/max times, counters, versioned flags), so a replay in stream order and
 * live processing with redeliveries out of order end in the same rows.
 */
export function projectConversation(
  event: EventEnvelope,
  rows: ConversationRows,
): ConversationChanges | null {
  const conversationId = event.conversationId;
  if (!conversationId || isSynthetic(event)) return null;

  if (isEvent(event, MessageReceived)) {
    const p = event.payload;
    const base =
      rows.conversation ?? newConversation(conversationId, p.customerId, event.occurredAt);
    const turn = turnOf(rows.turn, event.turnId ?? p.messageId, conversationId);
    return {
      conversation: touched(base, event.occurredAt, 1),
      turn: { ...turn, customerMessageId: p.messageId, startedAt: event.occurredAt },
      message: {
        id: p.messageId,
        conversationId,
        turnId: event.turnId,
        role: 'customer',
        kind: 'message',
        text: p.text,
        citations: [],
        attachments: p.attachments.map(
          ({ attachmentId, fileName, mimeType, sizeBytes, sha256 }) => ({
            attachmentId,
            fileName,
            mimeType,
            sizeBytes,
            sha256,
          }),
        ),
        occurredAt: event.occurredAt,
        eventId: event.id,
      },
    };
  }

  if (isEvent(event, ReplySent)) {
    const p = event.payload;
    let conversation = touched(
      rows.conversation ?? newConversation(conversationId, p.customerId, event.occurredAt),
      event.occurredAt,
      1,
    );
    conversation = withHumanState(
      conversation,
      event,
      p.kind === 'abstention' || p.kind === 'holding',
    );

    let turn: TurnState | null = null;
    if (event.turnId && p.kind !== 'human') {
      const current = turnOf(rows.turn, event.turnId, conversationId);
      // The latest reply of the agent, whatever the status: so it commutes with the outcome.
      const completedAt = maxIso(current.completedAt ?? '', event.occurredAt);
      // Only a turn logged before `turn.outcome` takes its status from its replies.
      const status = legacyOutcomeOfReply(p.kind)!;
      const keep =
        hasOutcomeEvent(current) || (FINAL.includes(current.status) && !FINAL.includes(status));
      turn = { ...current, ...(keep ? {} : { status }), completedAt };
    }
    return {
      conversation,
      turn,
      message: {
        id: p.replyId,
        conversationId,
        turnId: event.turnId,
        role: p.kind === 'human' ? 'human' : 'agent',
        kind: p.kind,
        text: p.text,
        citations: p.citations,
        options: p.options ?? null,
        attachments: [],
        occurredAt: event.occurredAt,
        eventId: event.id,
      },
    };
  }

  if (isEvent(event, EscalationRaised)) {
    const p = event.payload;
    const base =
      rows.conversation ?? newConversation(conversationId, p.customerId, event.occurredAt);
    const conversation = withHumanState(touched(base, event.occurredAt, 0), event, true);
    const current = event.turnId ? turnOf(rows.turn, event.turnId, conversationId) : null;
    // Only a turn logged before `turn.outcome` takes its status from its escalation.
    const turn =
      current && !hasOutcomeEvent(current)
        ? { ...current, status: 'escalated' as const, escalationReason: p.reason }
        : current;
    return { conversation, turn, message: null };
  }

  if (isEvent(event, TurnOutcome)) {
    const p = event.payload;
    const base =
      rows.conversation ?? newConversation(conversationId, p.customerId, event.occurredAt);
    const conversation = touched(base, event.occurredAt, 0);
    if (!event.turnId) return { conversation, turn: null, message: null };
    const current = turnOf(rows.turn, event.turnId, conversationId);
    const version = `${event.occurredAt}|${event.id}`;
    const turn =
      hasOutcomeEvent(current) && current.outcomeVersion <= version
        ? current
        : {
            ...current,
            status: p.outcome,
            escalationReason: escalationReasonOf(p),
            outcomeVersion: version,
          };
    return { conversation, turn, message: null };
  }

  // The customer's request to go back to the assistant is activity, and recorded here so the
  // gateway can check the `escalation.withdrawn` it causes; the withdrawal ends the takeover.
  if (isEvent(event, WithdrawalRequested)) {
    const base =
      rows.conversation ??
      newConversation(conversationId, event.payload.customerId, event.occurredAt);
    return { conversation: touched(base, event.occurredAt, 0), turn: null, message: null };
  }

  if (isEvent(event, EscalationWithdrawn)) {
    const base =
      rows.conversation ??
      newConversation(conversationId, event.payload.customerId, event.occurredAt);
    const conversation = withHumanState(touched(base, event.occurredAt, 0), event, false);
    return { conversation, turn: null, message: null };
  }

  return null;
}
