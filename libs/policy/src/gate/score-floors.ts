/**
 * The floors retrieval starts with when RERANK_MIN_SCORE / LEXICAL_MIN_SCORE are unset: the
 * design's defaults, here because they are the gate's rule as much as its code is.
 */
export const DEFAULT_RERANK_MIN_SCORE = 0.3;

/** Chosen from the sweep in docs/calibration.md (abstain leak <= 10%, best answer recall). */
export const DEFAULT_LEXICAL_MIN_SCORE = 0.4;
