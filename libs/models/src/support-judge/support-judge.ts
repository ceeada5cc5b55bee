/** A claim and the text that should carry it, as an entailment model reads them. */
export interface EntailmentPair {
  /** What the claim is checked against (the chunks a reply's sentence cites). */
  readonly premise: string;
  /** The claim (the sentence, without its citation markers). */
  readonly hypothesis: string;
}

export interface EntailmentOptions {
  signal?: AbortSignal;
}

/**
 * Port: a judge of whether a text supports a claim, such as a multilingual NLI cross-encoder.
 *
 * - exactly one score per pair, in the order the pairs were given, each the probability in
 *   [0, 1] that the premise entails the hypothesis;
 * - no pairs means no call and no scores.
 *
 * Failures are `ModelError`s (`model_unavailable`, `model_timeout`, `model_invalid_response`):
 * the caller keeps the verdict it had without the judge. An abort through `options.signal`
 * rejects with the signal's reason.
 */
export interface SupportJudge {
  entailment(pairs: readonly EntailmentPair[], options?: EntailmentOptions): Promise<number[]>;
}

/**
 * The entailment probability at which a judge vouches for a sentence (`SUPPORT_JUDGE_MIN_ENTAILMENT`).
 * Its "supported" lets a sentence reach the customer that no word-level check vouched for, and a
 * wrong pass costs more than a handoff (a person answers): 0.9 asks the model to be sure, far above
 * the 1/3 of a model undecided between three labels and above the 0.5 at which entailment merely
 * wins.
 */
export const DEFAULT_MIN_ENTAILMENT = 0.9;
