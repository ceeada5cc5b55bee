import type {
  EscalationReason,
  ReplyKind,
  TurnOutcomeKind,
  TurnOutcomeReason,
} from '@support/contracts';

/**
 * The one place a turn's outcome is still worked out from its replies and its escalation, for the
 * turns logged before the agent published `turn.outcome` (decided by `turnOutcome` of
 * `@support/policy`). The log keeps those turns, and a replay must show them as they were shown
 * live, so the projections fall back to this for a turn without a `turn.outcome` event, and to
 * this only: a turn with the event takes its outcome from it, whatever its replies say.
 */

/** The outcome a reply of the agent showed (a colleague's words show none). */
export function legacyOutcomeOfReply(kind: ReplyKind): TurnOutcomeKind | null {
  switch (kind) {
    case 'answer':
      return 'answered';
    case 'abstention':
      return 'escalated';
    case 'clarification':
      return 'clarified';
    case 'holding':
      return 'held';
    case 'human':
      return null;
  }
}

/**
 * The outcome and reason of a turn from its escalation's reason and its reply's kind: an
 * escalation decides, else the reply; an abstention whose escalation has not been read yet is
 * escalated without a reason.
 */
export function legacyTurnOutcome(turn: {
  readonly escalationReason: EscalationReason | null;
  readonly replyKind: ReplyKind | null;
}): { outcome: TurnOutcomeKind; reason: TurnOutcomeReason | null } | null {
  if (turn.escalationReason !== null)
    return { outcome: 'escalated', reason: turn.escalationReason };
  const outcome = turn.replyKind === null ? null : legacyOutcomeOfReply(turn.replyKind);
  switch (outcome) {
    case null:
      return null;
    case 'escalated':
      return { outcome, reason: null };
    case 'answered':
      return { outcome, reason: 'validation_passed' };
    case 'clarified':
      return { outcome, reason: 'below_score_floor' };
    case 'held':
      return { outcome, reason: 'human_active' };
  }
}
