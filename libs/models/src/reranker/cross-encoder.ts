/**
 * Port: a cross-encoder that scores how well each text answers a query.
 *
 * Every adapter must pass the shared conformance suite (`testing/cross-encoder.contract.ts`):
 * - exactly one score per text, in the order the texts were given (not sorted by score);
 * - every score is a finite number in [0, 1], comparable with a configured floor
 *   (`RERANK_MIN_SCORE`), so the caller can use it as an answerability gate;
 * - no texts means no call and no scores;
 * - the same query and text give the same score, whatever else is in the list.
 *
 * Failures are `ModelError`s (`model_unavailable`, `model_timeout`, `model_invalid_response`)
 * so the caller can fail open to its lexical gate. An abort through `options.signal` rejects
 * with the signal's reason, not with a model error: the caller gave up, the model did not fail.
 */
export interface CrossEncoder {
  rerank(query: string, texts: string[], options?: RerankOptions): Promise<number[]>;
}

export interface RerankOptions {
  signal?: AbortSignal;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Scores into [0, 1]: already-probability scores are kept; if any score falls outside [0, 1]
 * the whole list is taken as logits and passed through a sigmoid (keeping the order).
 */
export function normalizeScores(scores: readonly number[]): number[] {
  const probabilities = scores.every((score) => score >= 0 && score <= 1);
  return probabilities ? [...scores] : scores.map(sigmoid);
}
