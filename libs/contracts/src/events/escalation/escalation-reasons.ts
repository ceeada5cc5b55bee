/**
 * The mechanical routes away from the model, and which group each counts in. `avoidable`: the
 * knowledge base had material and the bot did not answer from it (a score under the floor, a
 * draft that failed its check, a draft that asked the customer to rephrase); `genuine`: no answer
 * was possible (retrieval down) or a person was asked for.
 */
export const ESCALATION_REASON_GROUPS = {
  retrieval_unavailable: 'genuine',
  below_score_floor: 'avoidable',
  answer_validation_failed: 'avoidable',
  rephrase_requested: 'avoidable',
  agent_requested: 'genuine',
} as const;

export type EscalationReason = keyof typeof ESCALATION_REASON_GROUPS;
export type EscalationGroup = (typeof ESCALATION_REASON_GROUPS)[EscalationReason];
export const ESCALATION_REASONS = Object.keys(ESCALATION_REASON_GROUPS) as EscalationReason[];

export function groupOf(reason: EscalationReason): EscalationGroup {
  return ESCALATION_REASON_GROUPS[reason];
}

export const ESCALATION_TOPICS = [
  'orders',
  'delivery',
  'returns',
  'payments',
  'account',
  'product',
  'other',
  'unclassified',
] as const;
export type EscalationTopic = (typeof ESCALATION_TOPICS)[number];
