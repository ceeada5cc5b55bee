import type { ClarificationOutcome, EscalationGroup, EscalationReason } from '@support/contracts';

/** A section a clarification offered, as the dashboard and the gaps read it. */
export interface OfferedSectionRow {
  readonly optionId: string;
  readonly title: string;
  readonly docId: string;
  readonly chunkId: string;
  readonly score: number;
}

/**
 * One clarification (keyed by the turn that asked it): what was offered, what the customer did
 * with it, and whether the turn their answer started still went to a colleague, and why.
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
  /** The escalation of the answer's turn ("none of these", or a section that did not answer). */
  escalationReason: EscalationReason | null;
  escalationGroup: EscalationGroup | null;
  synthetic: boolean;
}
