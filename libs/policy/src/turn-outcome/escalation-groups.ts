import type { EscalationGroup, EscalationReason } from '@support/contracts';

/**
 * Which group each escalation reason counts in. `avoidable`: the knowledge base had material and
 * the bot did not answer from it (a score under the floor, a draft that failed its check, a draft
 * that asked the customer to rephrase); `genuine`: no answer was possible (retrieval down) or a
 * person was asked for. The dashboard's split and the knowledge gaps read the group the events
 * carry, which comes from here.
 */
export const ESCALATION_REASON_GROUPS = {
  retrieval_unavailable: 'genuine',
  below_score_floor: 'avoidable',
  answer_validation_failed: 'avoidable',
  rephrase_requested: 'avoidable',
  agent_requested: 'genuine',
} as const satisfies Record<EscalationReason, EscalationGroup>;

export function escalationGroupOf(reason: EscalationReason): EscalationGroup {
  return ESCALATION_REASON_GROUPS[reason];
}
