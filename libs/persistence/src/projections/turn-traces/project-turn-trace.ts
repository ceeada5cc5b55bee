import {
  ClarificationChosen,
  ClarificationOffered,
  EscalationRaised,
  type EventEnvelope,
  isEvent,
  isSynthetic,
  MessageReceived,
  ReplySent,
  RerankCompleted,
  RerankRequested,
  RetrievalCompleted,
  RetrievalRequested,
  TurnOutcome,
} from '@support/contracts';
import { legacyTurnOutcome } from '../legacy-turn-outcome.js';
import type { TurnTraceState } from './turn-trace-model.js';

export const TURN_TRACE_PROJECTION_EVENTS = [
  MessageReceived,
  RetrievalRequested,
  RetrievalCompleted,
  RerankRequested,
  RerankCompleted,
  ReplySent,
  EscalationRaised,
  ClarificationOffered,
  ClarificationChosen,
  TurnOutcome,
] as const;

const TYPES = new Set<string>(TURN_TRACE_PROJECTION_EVENTS.map((d) => d.type));
const versionOf = (event: EventEnvelope) => `${event.occurredAt}|${event.id}`;
const minText = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : a <= b ? a : b;

/** The turn an event belongs to, or null when it is not one of this projection's or has no turn. */
export function turnIdOf(event: EventEnvelope): string | null {
  return TYPES.has(event.type) ? event.turnId : null;
}

export function newTurnTrace(turnId: string): TurnTraceState {
  return {
    turnId,
    conversationId: null,
    customerMessageId: null,
    customerMessage: null,
    messageAt: null,
    messageVersion: '',
    route: null,
    reason: null,
    outcome: null,
    outcomeVersion: '',
    escalationId: null,
    escalationReason: null,
    escalationVersion: '',
    retrieval: null,
    promptChunks: null,
    retrievalVersion: '',
    draft: null,
    validation: null,
    reply: null,
    replyKind: null,
    replyAt: null,
    replyVersion: '',
    latencyMs: null,
    events: [],
    synthetic: false,
  };
}

/**
 * Route and reason are the turn's `turn.outcome`, or, for a turn logged before it existed, what
 * its escalation and reply show (`legacyTurnOutcome`); latency follows from the times held. All
 * follow from the parts held, so they commute like the parts do.
 */
function derived(row: TurnTraceState): TurnTraceState {
  const outcome = row.outcome ?? legacyTurnOutcome(row);
  const latencyMs =
    row.messageAt !== null && row.replyAt !== null
      ? new Date(row.replyAt).getTime() - new Date(row.messageAt).getTime()
      : null;
  return {
    ...row,
    route: outcome?.outcome ?? null,
    reason: outcome?.reason ?? null,
    latencyMs,
  };
}

function withEvent(row: TurnTraceState, event: EventEnvelope): TurnTraceState {
  if (row.events.some((e) => e.id === event.id)) return row;
  const events = [...row.events, { type: event.type, id: event.id, occurredAt: event.occurredAt }];
  events.sort((a, b) =>
    a.occurredAt !== b.occurredAt
      ? a.occurredAt < b.occurredAt
        ? -1
        : 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0,
  );
  // Until the customer message has arrived, the conversation is the smallest one seen (order-free).
  const conversationId =
    row.messageVersion !== ''
      ? row.conversationId
      : minText(row.conversationId, event.conversationId);
  // Every event of a synthetic turn is synthetic; either one marks the row (order-free).
  return { ...row, events, conversationId, synthetic: row.synthetic || isSynthetic(event) };
}

/**
 * The turn_traces projection as a pure function: the row before an event and after it (null when
 * the event is not one of its own or carries no turn). Every rule commutes, so events folded in any
 * order (live consumers with redeliveries, or a replay in stream order) end in the same row:
 * - message_received: the earliest (`occurredAt|eventId`) gives the text, time and conversation;
 * - retrieval.completed: the latest gives the retrieval trace and the prompt chunks;
 * - agent.reply_sent (not `human`): a final reply (answer, abstention) beats a holding note, then
 *   the latest wins; it gives the reply, its kind and time, the draft and the validation verdict;
 * - escalation.raised: the earliest gives the escalation reason;
 * - turn.outcome: the earliest gives the route, the reason and an escalation's group;
 * - clarification.offered / chosen only join the event list (the question is the reply);
 * - every event is listed once in `events`, ordered by (occurredAt, id);
 * - synthetic: any synthetic event of the turn marks it as evaluation traffic;
 * - route and reason are the outcome's; before `turn.outcome` existed, derived from the escalation
 *   and the reply (`legacyTurnOutcome`); latency is derived from the times.
 */
export function projectTurnTrace(
  event: EventEnvelope,
  current: TurnTraceState | null,
): TurnTraceState | null {
  const turnId = turnIdOf(event);
  if (!turnId) return null;
  let row = withEvent(current ?? newTurnTrace(turnId), event);

  if (isEvent(event, MessageReceived)) {
    const version = versionOf(event);
    if (row.messageVersion === '' || version < row.messageVersion)
      row = {
        ...row,
        conversationId: event.conversationId,
        customerMessageId: event.payload.messageId,
        customerMessage: event.payload.text,
        messageAt: event.occurredAt,
        messageVersion: version,
      };
  } else if (isEvent(event, RetrievalCompleted)) {
    const version = versionOf(event);
    if (version > row.retrievalVersion) {
      const p = event.payload;
      row = {
        ...row,
        retrieval: {
          requestId: p.requestId,
          verdict: p.verdict,
          language: p.language,
          latencyMs: p.latencyMs,
          legs: p.legs.map(({ leg, status, latencyMs, hits, error }) => ({
            leg,
            status,
            latencyMs,
            hits,
            ...(error ? { error: { ...error } } : {}),
          })),
          fused: p.fused.map(({ chunkId, docId, rrfScore, ranks }) => ({
            chunkId,
            docId,
            rrfScore,
            ranks: { ...ranks },
          })),
          rerank: p.rerank
            ? {
                scorer: p.rerank.scorer,
                failOpen: p.rerank.failOpen,
                scores: p.rerank.scores.map(({ chunkId, score }) => ({ chunkId, score })),
                latencyMs: p.rerank.latencyMs,
                ...(p.rerank.error ? { error: { ...p.rerank.error } } : {}),
              }
            : null,
          gate: p.gate
            ? {
                kind: p.gate.kind,
                floor: p.gate.floor,
                topScore: p.gate.topScore ?? null,
                passed: p.gate.passed,
                ...(p.gate.sentence
                  ? {
                      sentence: {
                        floor: p.gate.sentence.floor,
                        passed: p.gate.sentence.passed,
                        sentences: p.gate.sentence.sentences.map(({ chunkId, text, score }) => ({
                          chunkId,
                          text,
                          score,
                        })),
                      },
                    }
                  : {}),
              }
            : null,
        },
        promptChunks: p.chunks.map(({ chunkId, docId, title, lang, score, text }) => ({
          chunkId,
          docId,
          title,
          lang,
          score,
          text,
        })),
        retrievalVersion: version,
      };
    }
  } else if (isEvent(event, ReplySent)) {
    const p = event.payload;
    if (p.kind !== 'human') {
      const rank = p.kind === 'holding' ? 0 : 1;
      const version = `${rank}|${versionOf(event)}`;
      if (version > row.replyVersion)
        row = {
          ...row,
          // A clarifying question is read with the options it offered.
          reply: p.options?.length
            ? [p.text, ...p.options.map((o) => `- ${o.title}`)].join('\n')
            : p.text,
          replyKind: p.kind,
          replyAt: event.occurredAt,
          draft: p.draft ?? null,
          validation: p.validation
            ? {
                passed: p.validation.passed,
                sentences: p.validation.sentences.map(
                  ({ text, factual, citations, ok, problem }) => ({
                    text,
                    factual,
                    citations: [...citations],
                    ok,
                    ...(problem !== undefined ? { problem } : {}),
                  }),
                ),
              }
            : null,
          replyVersion: version,
        };
    }
  } else if (isEvent(event, EscalationRaised)) {
    const version = versionOf(event);
    if (row.escalationVersion === '' || version < row.escalationVersion)
      row = {
        ...row,
        escalationId: event.payload.escalationId,
        escalationReason: event.payload.reason,
        escalationVersion: version,
      };
  } else if (isEvent(event, TurnOutcome)) {
    const version = versionOf(event);
    const { outcome, reason, group } = event.payload;
    if (row.outcomeVersion === '' || version < row.outcomeVersion)
      row = {
        ...row,
        outcome: { outcome, reason, ...(group ? { group } : {}) },
        outcomeVersion: version,
      };
  }
  // retrieval.requested and rerank.* only join the event list.
  return derived(row);
}
