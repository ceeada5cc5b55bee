import { describe, expect, it } from '@jest/globals';
import {
  ClarificationChosen,
  ClarificationOffered,
  createEvent,
  EXAMPLE_PAYLOADS,
} from '@support/contracts';
import { newClarification, offerTurnIdOf, projectClarification } from './project-clarification.js';

const OFFER_TURN = '5b0e7c1e-7d43-4a0e-9a3c-0a8f5f1d2c31';
const CHOICE_TURN = '6c0e7c1e-7d43-4a0e-9a3c-0a8f5f1d2c31';
const meta = (id: string, turnId: string, at: string, synthetic = false) => ({
  id,
  occurredAt: at,
  conversationId: '9d0e7c1e-7d43-4a0e-9a3c-0a8f5f1d2c31',
  turnId,
  causationId: null,
  correlationId: turnId,
  ...(synthetic ? { synthetic: true as const } : {}),
});
const offered = createEvent(
  ClarificationOffered,
  EXAMPLE_PAYLOADS['clarification.offered'] as never,
  meta('1a0e7c1e-7d43-4a0e-9a3c-0a8f5f1d2c31', OFFER_TURN, '2026-12-05T10:00:00.000Z'),
);
const chosen = createEvent(
  ClarificationChosen,
  { ...(EXAMPLE_PAYLOADS['clarification.chosen'] as object), offerTurnId: OFFER_TURN } as never,
  meta('2a0e7c1e-7d43-4a0e-9a3c-0a8f5f1d2c31', CHOICE_TURN, '2026-12-05T10:00:30.000Z'),
);

describe('the clarifications projection', () => {
  it('keys both events by the offering turn', () => {
    expect(offerTurnIdOf(offered)).toBe(OFFER_TURN);
    expect(offerTurnIdOf(chosen)).toBe(OFFER_TURN);
  });

  it('ends in the same row whichever event comes first', () => {
    const start = newClarification(OFFER_TURN);
    const inOrder = projectClarification(chosen, projectClarification(offered, start));
    const reversed = projectClarification(offered, projectClarification(chosen, start));
    expect(reversed).toEqual(inOrder);
    expect(inOrder).toMatchObject({
      // Kept sealed, as the event carried it: the reader opens it.
      question: offered.payload.question,
      outcome: 'section',
      choiceTurnId: CHOICE_TURN,
      chosenDocId: 'size-exchanges',
      synthetic: false,
    });
    expect(inOrder.sections).toHaveLength(2);
  });

  it('keeps the earliest answer, and marks evaluation traffic', () => {
    const later = createEvent(
      ClarificationChosen,
      { ...chosen.payload, outcome: 'none', optionId: 'none' } as never,
      meta('3a0e7c1e-7d43-4a0e-9a3c-0a8f5f1d2c31', CHOICE_TURN, '2026-12-05T10:01:00.000Z', true),
    );
    const row = projectClarification(
      later,
      projectClarification(chosen, newClarification(OFFER_TURN)),
    );
    expect(row.outcome).toBe('section');
    expect(row.synthetic).toBe(true);
  });
});
