import { describe, expect, it } from '@jest/globals';
import { type ClaimCommand, type ClaimState, decideClaim, UNCLAIMED } from './claim-decider.js';

const at = (minute: number) => `2026-12-03T10:${String(minute).padStart(2, '0')}:00.000Z`;
const claim = (adminId: string, minute: number): ClaimCommand => ({
  kind: 'claim',
  adminId,
  at: at(minute),
});
const release = (adminId: string, minute: number): ClaimCommand => ({
  kind: 'release',
  adminId,
  at: at(minute),
});

/** Given the commands so far, the state they leave (each decided on the state before it). */
function given(...commands: ClaimCommand[]): ClaimState {
  return commands.reduce((state, command) => decideClaim(state, command).state, UNCLAIMED);
}

describe('escalation claims (pure decider)', () => {
  it('an open escalation nobody holds is claimed by the first admin', () => {
    expect(decideClaim(UNCLAIMED, claim('huda', 1))).toEqual({
      outcome: 'claimed',
      fresh: true,
      change: { kind: 'claimed', adminId: 'huda', sequence: 1, at: at(1) },
      state: { holder: 'huda', sequence: 1, changedAt: at(1), changedBy: 'huda', resolved: false },
    });
  });

  it('when admin B claims an escalation A holds, B is refused and told A holds it', () => {
    const state = given(claim('huda', 1));
    expect(decideClaim(state, claim('omar', 2))).toEqual({
      outcome: 'refused',
      refusal: 'held_by_other',
      holder: 'huda',
      state,
    });
  });

  it('the same admin claiming twice is idempotent: the same change again, nothing new', () => {
    const state = given(claim('huda', 1));
    const again = decideClaim(state, claim('huda', 5));
    expect(again).toEqual({
      outcome: 'claimed',
      fresh: false,
      change: { kind: 'claimed', adminId: 'huda', sequence: 1, at: at(1) },
      state,
    });
  });

  it('only the holder releases; after a release another admin may claim', () => {
    const held = given(claim('huda', 1));
    expect(decideClaim(held, release('omar', 2))).toMatchObject({
      outcome: 'refused',
      refusal: 'not_holder',
      holder: 'huda',
    });
    const released = decideClaim(held, release('huda', 3));
    expect(released).toMatchObject({
      outcome: 'released',
      fresh: true,
      change: { kind: 'released', adminId: 'huda', sequence: 2, at: at(3) },
      state: { holder: null, sequence: 2 },
    });
    expect(decideClaim(released.state, claim('omar', 4))).toMatchObject({
      outcome: 'claimed',
      change: { adminId: 'omar', sequence: 3 },
    });
  });

  it('releasing again repeats the release for its admin and changes nothing for others', () => {
    const state = given(claim('huda', 1), release('huda', 2));
    expect(decideClaim(state, release('huda', 3))).toMatchObject({
      outcome: 'released',
      fresh: false,
      change: { adminId: 'huda', sequence: 2, at: at(2) },
    });
    expect(decideClaim(state, release('omar', 3))).toEqual({ outcome: 'unchanged', state });
    expect(decideClaim(UNCLAIMED, release('omar', 3))).toEqual({
      outcome: 'unchanged',
      state: UNCLAIMED,
    });
  });

  it('a resolved escalation can be neither claimed nor released', () => {
    const resolved: ClaimState = { ...UNCLAIMED, resolved: true };
    expect(decideClaim(resolved, claim('huda', 1))).toMatchObject({
      outcome: 'refused',
      refusal: 'resolved',
    });
    const heldThenResolved = { ...given(claim('huda', 1)), resolved: true };
    expect(decideClaim(heldThenResolved, release('huda', 2))).toMatchObject({
      outcome: 'refused',
      refusal: 'resolved',
    });
    expect(decideClaim(heldThenResolved, claim('omar', 2))).toMatchObject({
      outcome: 'refused',
      refusal: 'resolved',
    });
  });
});
