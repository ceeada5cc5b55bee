import {
  ClarificationChosen,
  ClarificationOffered,
  type EventEnvelope,
  isEvent,
  isSynthetic,
} from '@support/contracts';
import type { ClarificationState } from './clarification-model.js';

export const CLARIFICATION_PROJECTION_EVENTS = [ClarificationOffered, ClarificationChosen] as const;

export const newClarification = (offerTurnId: string): ClarificationState => ({
  offerTurnId,
  conversationId: null,
  customerId: null,
  offeredAt: null,
  language: null,
  question: null,
  sections: null,
  outcome: null,
  choiceTurnId: null,
  chosenAt: null,
  chosenDocId: null,
  chosenTitle: null,
  synthetic: false,
});

/** The clarification an event is about: the offering turn of `offered`, the `offerTurnId` of `chosen`. */
export function offerTurnIdOf(event: EventEnvelope): string | null {
  if (isEvent(event, ClarificationOffered)) return event.turnId;
  if (isEvent(event, ClarificationChosen)) return event.payload.offerTurnId;
  return null;
}

/**
 * The clarifications projection as a pure function: the row before an event and after it.
 * - offered: what was asked, of which message, and the sections;
 * - chosen: the outcome, the answer's turn and the chosen section (the earliest wins);
 * - any synthetic event marks the row as evaluation traffic.
 * The two commute (each sets its own fields), so consumers may fold them in any order. Whether a
 * handoff still followed is the escalations projection's, joined by the answer's turn.
 */
export function projectClarification(
  event: EventEnvelope,
  current: ClarificationState,
): ClarificationState {
  const row = { ...current, synthetic: current.synthetic || isSynthetic(event) };
  if (isEvent(event, ClarificationOffered)) {
    const p = event.payload;
    return {
      ...row,
      conversationId: event.conversationId,
      customerId: p.customerId,
      offeredAt: event.occurredAt,
      language: p.language,
      question: p.question,
      sections: p.sections.map(({ optionId, title, docId, chunkId, score }) => ({
        optionId,
        title,
        docId,
        chunkId,
        score,
      })),
    };
  }
  if (isEvent(event, ClarificationChosen)) {
    if (row.chosenAt !== null && row.chosenAt <= event.occurredAt) return row;
    const p = event.payload;
    return {
      ...row,
      conversationId: row.conversationId ?? event.conversationId,
      outcome: p.outcome,
      choiceTurnId: event.turnId,
      chosenAt: event.occurredAt,
      chosenDocId: p.docId ?? null,
      chosenTitle: p.title ?? null,
    };
  }
  return current;
}
