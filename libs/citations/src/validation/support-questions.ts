import type { ValidationVerdict } from './verdict.js';

/**
 * A failing sentence that only the reply check's word share fails (its quantities, names,
 * polarity and conditions pass): whether its chunks entail it is a question for a support judge.
 */
export interface SupportQuestion {
  /** Its position among the verdict's sentences. */
  readonly index: number;
  /** The sentence as its verdict's `text`: what `judgedSupport` names once a judge vouched for it. */
  readonly sentence: string;
  /** The text of the chunks it is checked against, as the checks read them. */
  readonly premise: string;
  /** The sentence without its citation markers, as the checks read it. */
  readonly hypothesis: string;
}

/** A reply's verdict and the support questions among its failing sentences. */
export interface CheckedReply {
  readonly verdict: ValidationVerdict;
  readonly questions: readonly SupportQuestion[];
}

/**
 * The questions to ask a support judge about `verdict` (the checked reply's, or that verdict with
 * more checks applied, such as the reply's language): all of them when every failing sentence is
 * one, else none, for then no answer of the judge could let the reply pass.
 */
export function supportQuestions(
  checked: CheckedReply,
  verdict: ValidationVerdict = checked.verdict,
): readonly SupportQuestion[] {
  if (verdict.passed) return [];
  const asked = new Set(checked.questions.map((question) => question.index));
  const decidable = verdict.sentences.every((sentence, index) => sentence.ok || asked.has(index));
  return decidable && verdict.sentences.length > 0 ? checked.questions : [];
}

/**
 * The sentences a judge vouched for, from its entailment score of each question: those at or
 * above `minEntailment`. A sentence written twice, checked against other chunks each time, is
 * vouched for only when every one of its questions is.
 */
export function judgedSupport(
  questions: readonly SupportQuestion[],
  entailment: readonly number[],
  minEntailment: number,
): ReadonlySet<string> {
  const entailed = new Set<string>();
  const doubted = new Set<string>();
  questions.forEach((question, i) =>
    ((entailment[i] ?? 0) >= minEntailment ? entailed : doubted).add(question.sentence),
  );
  return new Set([...entailed].filter((sentence) => !doubted.has(sentence)));
}
