import type { EscalationGroup, EscalationReason } from '@support/contracts';
import type { TurnRoute } from '../turn-route/turn-route.js';
import { escalationGroupOf } from './escalation-groups.js';

/**
 * How a turn ended, decided here once and carried by `turn.outcome` to the turn trace and the
 * dashboard, which no longer work it out from the reply's kind. Every outcome says why.
 */
export type TurnOutcomeDecision =
  | { readonly outcome: 'answered'; readonly reason: 'validation_passed' }
  | { readonly outcome: 'clarified'; readonly reason: 'below_score_floor' }
  | { readonly outcome: 'held'; readonly reason: 'human_active' }
  | {
      readonly outcome: 'escalated';
      readonly reason: EscalationReason;
      readonly group: EscalationGroup;
    };

/**
 * Where a turn stopped: the route its last step took (`end` after the validator: the answer went
 * out; `clarify`; `escalate` with its reason), or `hold`: a colleague has the conversation, so the
 * message got the holding note and no step ran.
 */
export type TurnEnding =
  Extract<TurnRoute, { readonly next: 'escalate' }> | { readonly next: 'end' | 'clarify' | 'hold' };

/** The outcome of the turn that stopped at `ending`. */
export function turnOutcome(ending: TurnEnding): TurnOutcomeDecision {
  switch (ending.next) {
    case 'end':
      return { outcome: 'answered', reason: 'validation_passed' };
    case 'clarify':
      // The question was asked instead of the `below_score_floor` handoff.
      return { outcome: 'clarified', reason: 'below_score_floor' };
    case 'hold':
      return { outcome: 'held', reason: 'human_active' };
    case 'escalate':
      return {
        outcome: 'escalated',
        reason: ending.reason,
        group: escalationGroupOf(ending.reason),
      };
  }
}
