export type GateKind = 'reranker' | 'lexical';

export interface GateDecision {
  readonly kind: GateKind;
  readonly floor: number;
  readonly topScore: number | null;
  readonly passed: boolean;
}

/**
 * The answerability gate: the best candidate's score must reach the floor of the scorer that
 * produced it. A cross-encoder score is held to RERANK_MIN_SCORE; a lexical score (the default
 * scorer, or the fallback when the cross-encoder fails open) to LEXICAL_MIN_SCORE.
 */
export function applyGate(
  scorer: 'cross_encoder' | 'lexical',
  scores: readonly number[],
  floors: { rerank: number; lexical: number },
): GateDecision {
  const kind: GateKind = scorer === 'cross_encoder' ? 'reranker' : 'lexical';
  const floor = kind === 'reranker' ? floors.rerank : floors.lexical;
  const topScore = scores.length ? Math.max(...scores) : null;
  return { kind, floor, topScore, passed: topScore !== null && topScore >= floor };
}
