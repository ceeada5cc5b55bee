/**
 * Who answers an escalation in the console, as a pure decider: the claims so far (`ClaimState`)
 * and a command give the change to record and the event to publish, or a refusal. Time comes in
 * with the command; nothing here reads a clock or a store.
 *
 * Rules:
 * - an open escalation nobody holds can be claimed by any admin;
 * - one an admin holds is refused to every other admin (with who holds it);
 * - the holder claiming again changes nothing and yields the same event again (its publish may
 *   have failed), with the same id, so the bus and every consumer see one claim;
 * - only the holder releases a claim; a release of a claim nobody holds changes nothing (the same
 *   admin's release again re-yields that release event, as for claims);
 * - a resolved escalation (answered, handed back to the assistant) is neither claimed nor
 *   released: its claims are history.
 */

export interface ClaimState {
  /** The admin holding the escalation, or null. */
  readonly holder: string | null;
  /** Claim history position of the latest claim or release; 0 when it was never claimed. */
  readonly sequence: number;
  /** When the latest claim or release happened (ISO 8601), null before the first. */
  readonly changedAt: string | null;
  /** Who made the latest claim or release, when known. */
  readonly changedBy: string | null;
  readonly resolved: boolean;
}

export const UNCLAIMED: ClaimState = {
  holder: null,
  sequence: 0,
  changedAt: null,
  changedBy: null,
  resolved: false,
};

export interface ClaimCommand {
  readonly kind: 'claim' | 'release';
  readonly adminId: string;
  /** ISO 8601; the command's time, from the caller's clock. */
  readonly at: string;
}

/** What to publish: `escalation.claimed` or `escalation.claim_released` with these fields. */
export interface ClaimChange {
  readonly kind: 'claimed' | 'released';
  readonly adminId: string;
  readonly sequence: number;
  readonly at: string;
}

export type ClaimRefusal = 'held_by_other' | 'not_holder' | 'resolved';

export type ClaimDecision =
  | {
      readonly outcome: 'claimed' | 'released';
      readonly state: ClaimState;
      readonly change: ClaimChange;
      /** False when the same change was decided before (publish it again, same id). */
      readonly fresh: boolean;
    }
  | { readonly outcome: 'unchanged'; readonly state: ClaimState }
  | {
      readonly outcome: 'refused';
      readonly state: ClaimState;
      readonly refusal: ClaimRefusal;
      readonly holder: string | null;
    };

const refuse = (state: ClaimState, refusal: ClaimRefusal): ClaimDecision => ({
  outcome: 'refused',
  state,
  refusal,
  holder: state.holder,
});

const repeat = (state: ClaimState, kind: ClaimChange['kind']): ClaimDecision => ({
  outcome: kind,
  state,
  change: { kind, adminId: state.changedBy!, sequence: state.sequence, at: state.changedAt! },
  fresh: false,
});

function change(
  state: ClaimState,
  command: ClaimCommand,
  kind: ClaimChange['kind'],
): ClaimDecision {
  const sequence = state.sequence + 1;
  const next: ClaimState = {
    holder: kind === 'claimed' ? command.adminId : null,
    sequence,
    changedAt: command.at,
    changedBy: command.adminId,
    resolved: state.resolved,
  };
  return {
    outcome: kind,
    state: next,
    change: { kind, adminId: command.adminId, sequence, at: command.at },
    fresh: true,
  };
}

export function decideClaim(state: ClaimState, command: ClaimCommand): ClaimDecision {
  const mine = state.holder === command.adminId;
  const knownChange = state.changedAt !== null && state.changedBy === command.adminId;
  if (command.kind === 'claim') {
    if (mine && knownChange) return repeat(state, 'claimed');
    if (mine) return { outcome: 'unchanged', state };
    if (state.resolved) return refuse(state, 'resolved');
    if (state.holder !== null) return refuse(state, 'held_by_other');
    return change(state, command, 'claimed');
  }
  if (state.holder === null)
    return knownChange && state.sequence > 0
      ? repeat(state, 'released')
      : { outcome: 'unchanged', state };
  if (state.resolved) return refuse(state, 'resolved');
  if (!mine) return refuse(state, 'not_holder');
  return change(state, command, 'released');
}

/** What an admin is told when the decider refuses them. */
export function refusalMessage(refusal: ClaimRefusal, holder: string | null): string {
  switch (refusal) {
    case 'held_by_other':
      return `${holder} is handling this escalation; only they can answer or release it.`;
    case 'not_holder':
      return holder
        ? `${holder} holds this escalation; only they can release it.`
        : 'Nobody holds this escalation.';
    case 'resolved':
      return 'This escalation is resolved already; claims can no longer change.';
  }
}
