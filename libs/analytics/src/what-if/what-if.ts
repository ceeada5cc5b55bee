import type { EscalationReason, RetrievalVerdict } from '@support/contracts';
import { type GateKind, passesFloor } from '@support/policy';

/**
 * What the log recorded for one turn: the last `retrieval.completed` of the turn joined with the
 * turn's `escalation.raised`, if any. `verdict`, `gateKind` and `floor` are null when the turn has
 * no retrieval (or no gate: retrieval was unavailable); such turns are never affected by a floor.
 */
export interface GateOutcome {
  readonly turnId: string;
  readonly verdict: RetrievalVerdict | null;
  readonly gateKind: GateKind | null;
  /** The best candidate's score; null when there was no candidate to score. */
  readonly topScore: number | null;
  /** The floor the gate applied live. */
  readonly floor: number | null;
  readonly escalationReason: EscalationReason | null;
}

/** A candidate floor per gate kind; a kind left out keeps each turn's recorded floor. */
export interface CandidateFloors {
  readonly reranker?: number;
  readonly lexical?: number;
}

export interface WhatIfResult {
  readonly floors: CandidateFloors;
  readonly turns: number;
  /** Escalations under the candidate floors. */
  readonly escalated: number;
  readonly escalationRate: number;
  /** Turns whose gate would block them (top score null or under the floor). */
  readonly belowFloor: number;
  /** The live outcome, from the log. */
  readonly liveEscalated: number;
  readonly liveEscalationRate: number;
  /** Answered live, escalated (below the floor) under the candidate floors. */
  readonly newlyEscalated: readonly string[];
  /**
   * Escalated live below the floor, admitted under the candidate floors: they "would reach the
   * model". ASSUMPTION: the log cannot tell what the model would have drafted, so these count as
   * answered, i.e. as if the draft had passed validation; some might in fact have escalated with
   * `answer_validation_failed`. The escalation rate is therefore a lower bound when the floor is
   * lowered.
   */
  readonly newlyAnswered: readonly string[];
}

/** Reasons the floor has no say in: they escalate whatever the floor is. */
export const FLOOR_INDEPENDENT_REASONS: readonly EscalationReason[] = [
  'retrieval_unavailable',
  'answer_validation_failed',
  'rephrase_requested',
  'agent_requested',
];

function floorFor(turn: GateOutcome, floors: CandidateFloors): number | null {
  if (turn.gateKind === null) return null;
  return floors[turn.gateKind] ?? turn.floor;
}

/** Whether the gate judges this turn at all (a retrieval that ran and produced a gate). */
function isGated(turn: GateOutcome): boolean {
  return (
    turn.gateKind !== null && turn.verdict !== null && turn.verdict !== 'retrieval_unavailable'
  );
}

/** The turn's outcome under candidate floors: escalated, and whether the gate blocked it. */
export function outcomeUnder(
  turn: GateOutcome,
  floors: CandidateFloors,
): { escalated: boolean; belowFloor: boolean } {
  const otherReason =
    turn.escalationReason !== null && turn.escalationReason !== 'below_score_floor';
  const floor = floorFor(turn, floors);
  const belowFloor = isGated(turn) && floor !== null && !passesFloor(turn.topScore, floor);
  if (!isGated(turn) || floor === null)
    // Not judged by a floor: the live outcome stands.
    return { escalated: turn.escalationReason !== null, belowFloor: false };
  return { escalated: otherReason || belowFloor, belowFloor };
}

const rate = (n: number, total: number) => (total === 0 ? 0 : n / total);

/**
 * Recomputes the escalations from the recorded gate outcomes under candidate floors. A turn
 * escalates if it escalated live for a reason the floor does not decide (retrieval_unavailable,
 * answer_validation_failed, agent_requested), or if its top score is null or under the floor of its
 * gate kind. With the recorded floors (`{}`) nothing flips and the count equals the live one.
 */
export function whatIf(turns: readonly GateOutcome[], floors: CandidateFloors): WhatIfResult {
  let escalated = 0;
  let belowFloor = 0;
  let liveEscalated = 0;
  const newlyEscalated: string[] = [];
  const newlyAnswered: string[] = [];
  for (const turn of turns) {
    const live = turn.escalationReason !== null;
    const outcome = outcomeUnder(turn, floors);
    if (live) liveEscalated += 1;
    if (outcome.escalated) escalated += 1;
    if (outcome.belowFloor) belowFloor += 1;
    if (outcome.escalated && !live) newlyEscalated.push(turn.turnId);
    if (!outcome.escalated && live) newlyAnswered.push(turn.turnId);
  }
  return {
    floors,
    turns: turns.length,
    escalated,
    escalationRate: rate(escalated, turns.length),
    belowFloor,
    liveEscalated,
    liveEscalationRate: rate(liveEscalated, turns.length),
    newlyEscalated,
    newlyAnswered,
  };
}

/** The floor in force now per kind: the one recorded by the most recent gated turn of that kind. */
export function currentFloors(turns: readonly GateOutcome[]): CandidateFloors {
  const floors: { reranker?: number; lexical?: number } = {};
  for (const turn of turns)
    if (turn.gateKind !== null && turn.floor !== null) floors[turn.gateKind] = turn.floor;
  return floors;
}

export type SweepTarget = 'both' | GateKind;

export interface SweepRow {
  readonly floor: number;
  readonly escalated: number;
  readonly escalationRate: number;
  readonly belowFloor: number;
  readonly newlyEscalated: number;
  /** Would reach the model (see WhatIfResult.newlyAnswered for the assumption). */
  readonly newlyAnswered: number;
}

/** The floors from `from` to `to` inclusive by `step`, rounded to avoid float drift. */
export function floorRange(from: number, to: number, step: number): number[] {
  if (!(step > 0)) throw new Error(`step must be positive, got ${step}`);
  if (to < from) throw new Error(`"to" (${to}) is below "from" (${from})`);
  const floors: number[] = [];
  const count = Math.floor((to - from) / step + 1e-9);
  for (let i = 0; i <= count; i++) floors.push(Math.round((from + i * step) * 1e6) / 1e6);
  return floors;
}

/**
 * The what-if for each floor in [from, to]: one number applied to the gate kind of every turn
 * (`both`), or to one kind only while the other keeps its recorded floor.
 */
export function sweepWhatIf(
  turns: readonly GateOutcome[],
  from: number,
  to: number,
  step: number,
  target: SweepTarget = 'both',
): SweepRow[] {
  return floorRange(from, to, step).map((floor) => {
    const floors: CandidateFloors =
      target === 'both' ? { reranker: floor, lexical: floor } : { [target]: floor };
    const result = whatIf(turns, floors);
    return {
      floor,
      escalated: result.escalated,
      escalationRate: result.escalationRate,
      belowFloor: result.belowFloor,
      newlyEscalated: result.newlyEscalated.length,
      newlyAnswered: result.newlyAnswered.length,
    };
  });
}
