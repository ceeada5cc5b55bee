/**
 * The mechanical routes away from the model: why a turn went to a colleague. Which group each
 * counts in (genuine or avoidable) is a rule of the turn, decided once in `@support/policy`
 * (`escalationGroupOf`, turn-outcome/escalation-groups.ts); the events carry the group it gave.
 */
export const ESCALATION_REASONS = [
  'retrieval_unavailable',
  'below_score_floor',
  'answer_validation_failed',
  'rephrase_requested',
  'agent_requested',
] as const;
export type EscalationReason = (typeof ESCALATION_REASONS)[number];

/** `genuine`: no answer was possible or a person was asked for; `avoidable`: the bot could have. */
export const ESCALATION_GROUPS = ['genuine', 'avoidable'] as const;
export type EscalationGroup = (typeof ESCALATION_GROUPS)[number];

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
