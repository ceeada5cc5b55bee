import type { ClaimState } from './claim-decider.js';

/** The escalation a claim is about, as the store found it. */
export interface ClaimedEscalation {
  readonly conversationId: string;
}

/**
 * Where claims are decided. `change` runs `decide` on an escalation's claims so far while every
 * other change of that escalation (any gateway replica) waits, and stores the state it returns:
 * two admins racing for one escalation are decided one after the other.
 */
export interface EscalationClaimStore {
  /** Null when no such escalation is known (not raised, or not projected yet). */
  change<R extends { readonly state: ClaimState }>(
    escalationId: string,
    decide: (state: ClaimState, escalation: ClaimedEscalation) => R,
  ): Promise<R | null>;
  /** Who holds the escalation now (null: nobody, or no such escalation). */
  holderOf(escalationId: string): Promise<string | null>;
}
