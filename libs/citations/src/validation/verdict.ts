/**
 * The validation verdict, shaped exactly like the contracts' `ValidationVerdictDto` and
 * `SentenceVerdictDto` (so it can be put on `agent.reply_sent` as it is), without this lib
 * depending on class-validator.
 */
export interface SentenceVerdict {
  /** The sentence as the model wrote it, trimmed (at most {@link MAX_VERDICT_TEXT} characters). */
  text: string;
  factual: boolean;
  /** The chunk ids the sentence cites, in order, without duplicates. */
  citations: string[];
  ok: boolean;
  /** Why the sentence failed: `missing_citation`, `unknown_citation: <id>`, `unsupported_quantity: <value>`, `confidential_text` (and, from the agent, `wrong_language: <lang>`). */
  problem?: string;
}

export interface ValidationVerdict {
  /** Every sentence is ok and there is at least one. */
  passed: boolean;
  sentences: SentenceVerdict[];
}

/** A chunk that was in the prompt. */
export interface PromptChunk {
  chunkId: string;
  text: string;
}

/** The contract's limit on `SentenceVerdictDto.text`. */
export const MAX_VERDICT_TEXT = 4000;

/** The contract's limit on `SentenceVerdictDto.problem`. */
export const MAX_PROBLEM_TEXT = 500;

export const MISSING_CITATION = 'missing_citation';
export const UNKNOWN_CITATION = 'unknown_citation';
export const UNSUPPORTED_QUANTITY = 'unsupported_quantity';
/** A sentence that repeats part of a confidential text (the system prompt). */
export const CONFIDENTIAL_TEXT = 'confidential_text';
