export type GateKind = 'reranker' | 'lexical';

/** The answerability floor of each scorer (RERANK_MIN_SCORE and LEXICAL_MIN_SCORE). */
export interface ScoreFloors {
  readonly rerank: number;
  readonly lexical: number;
}

export interface GateDecision {
  readonly kind: GateKind;
  readonly floor: number;
  readonly topScore: number | null;
  readonly passed: boolean;
}

/**
 * The rule every judge of the gate applies (retrieval live, the what-if and the calibration
 * offline): the top score must exist and reach the floor. No candidate to score never passes.
 */
export function passesFloor(topScore: number | null, floor: number): boolean {
  return topScore !== null && topScore >= floor;
}

/**
 * The answerability gate: the best candidate's score must reach the floor of the scorer that
 * produced it. A cross-encoder score is held to RERANK_MIN_SCORE; a lexical score (the default
 * scorer, or the fallback when the cross-encoder fails open) to LEXICAL_MIN_SCORE.
 */
export function applyGate(
  scorer: 'cross_encoder' | 'lexical',
  scores: readonly number[],
  floors: ScoreFloors,
): GateDecision {
  const kind: GateKind = scorer === 'cross_encoder' ? 'reranker' : 'lexical';
  const floor = kind === 'reranker' ? floors.rerank : floors.lexical;
  const topScore = scores.length ? Math.max(...scores) : null;
  return { kind, floor, topScore, passed: passesFloor(topScore, floor) };
}
