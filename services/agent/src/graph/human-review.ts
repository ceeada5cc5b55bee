/** The customer took back the request for a colleague: resumes human_review without an answer. */
export interface Withdrawal {
  readonly withdrawn: true;
}

/** What resumes the paused `human_review` node: an admin's words, or the customer's withdrawal. */
export type HumanReviewResume = string | Withdrawal;

export const WITHDRAWAL: Withdrawal = { withdrawn: true };

export function isWithdrawal(value: HumanReviewResume): value is Withdrawal {
  return typeof value === 'object' && value !== null && value.withdrawn === true;
}

/** What `human_review` interrupts with: which turn's escalation the pause belongs to. */
export interface HumanReviewInterrupt {
  readonly reason: string | null;
  readonly group: string | null;
  readonly turnId: string;
}
