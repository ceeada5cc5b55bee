/**
 * The validation verdict, shaped exactly like the contracts' `ValidationVerdictDto` and
 * `SentenceVerdictDto` (so it can be put on `agent.reply_sent` as it is), without this lib
 * depending on class-validator.
 */
export interface SentenceVerdict {
  /**
   * The sentence as the checks read it: the model's words after `normalizeForChecks` (invisible
   * characters gone, NFKC, Arabic folded), trimmed (at most {@link MAX_VERDICT_TEXT} characters).
   */
  text: string;
  /** Held to the citation rule: every sentence but the lines that state nothing (greetings, ...). */
  factual: boolean;
  /** The chunk ids the sentence cites, in order, without duplicates. */
  citations: string[];
  ok: boolean;
  /**
   * Why the sentence failed: `missing_citation`, `unknown_citation: <id>`,
   * `unsupported_quantity: <value>`, `unsupported_words: <words>`,
   * `negation_mismatch: sentence_negates | chunk_negates`, `secret_request`,
   * `foreign_link: <host>`, `confidential_text`, `bidi_control: <code point>`, `answer_needed`
   * (and, from the agent, `wrong_language: <lang>`).
   */
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
/** A cited sentence whose content words its cited chunks do not hold (see `lexicalSupport`). */
export const UNSUPPORTED_WORDS = 'unsupported_words';
/** A cited sentence negated where its matching chunk clause is not, or the reverse (see `negationMismatch`). */
export const NEGATION_MISMATCH = 'negation_mismatch';
/** A sentence asking for a card number, CVV, password or one-time code, cited or not. */
export const SECRET_REQUEST = 'secret_request';
/**
 * A sentence holding a character that changes the order text is displayed in (a bidirectional
 * control, or a direction mark beside a digit), cited or not: the page would show other text
 * than the checks read.
 */
export const BIDI_CONTROL = 'bidi_control';
/** A "Sure!" or a lead-in in a reply with no cited sentence: it would answer or introduce nothing. */
export const ANSWER_NEEDED = 'answer_needed';
/** A sentence linking to, or naming, a host outside the allow-list, cited or not. */
export const FOREIGN_LINK = 'foreign_link';
