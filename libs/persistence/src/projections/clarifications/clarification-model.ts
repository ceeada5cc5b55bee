import type { ClarificationOutcome } from '@support/contracts';

/** A section a clarification offered, as the dashboard and the gaps read it. */
export interface OfferedSectionRow {
  readonly optionId: string;
  readonly title: string;
  readonly docId: string;
  readonly chunkId: string;
  readonly score: number;
}

/**
 * One clarification (keyed by the turn that asked it): what was offered and what the customer
 * did with it; the answer's turn (`choiceTurnId`) joins the escalation that may have followed.
 */
export interface ClarificationState {
  offerTurnId: string;
  conversationId: string | null;
  customerId: string | null;
  offeredAt: string | null;
  language: string | null;
  question: string | null;
  sections: OfferedSectionRow[] | null;
  outcome: ClarificationOutcome | null;
  choiceTurnId: string | null;
  chosenAt: string | null;
  chosenDocId: string | null;
  chosenTitle: string | null;
  synthetic: boolean;
}
