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
