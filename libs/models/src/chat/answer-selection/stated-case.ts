import { alternatives } from '@support/language';
import { normalizeText, questionConditions } from '@support/text';

// A number written with its separators ("1,500", "2.5", Arabic digits folded by normalizeText).
const NUMBER = /\d+(?:[.,٫]\d+)*/g;

// Words after which a number is a threshold: the rule holds on one side of it ("orders confirmed
// before 4 PM", "free for orders over 25 BHD", "قبل الساعة 12"); an hour word may sit between
// ("before the", "قبل الساعه"). The packs' answer.threshold_words, folded as normalizeText leaves
// a sentence.
const THRESHOLD = new RegExp(
  `(?:\\b(?:${alternatives('answer.threshold_words', { script: 'latin' })})|(?:^|\\s)(?:${alternatives('answer.threshold_words', { script: 'arabic' })}))\\s+(?:(?:${alternatives('answer.threshold_fillers')})\\s+)?(\\d+(?:[.,٫]\\d+)*)`,
  'g',
);

const valueOf = (written: string) => Number(written.replace(/[,٫]/g, ''));

/** The numbers the question's conditions state: "6" of "If I order at 6 in the evening, when…". */
export function statedCaseValues(question: string): Set<number> {
  const conditions = normalizeText(questionConditions(question).conditions.join(' '));
  return new Set([...conditions.matchAll(NUMBER)].map((match) => valueOf(match[0])));
}

/** The thresholds a sentence's rule holds on one side of: 16 and 4 of "before 4 PM" → [4]. */
export function thresholdValues(sentence: string): number[] {
  return [...normalizeText(sentence).matchAll(THRESHOLD)].map((match) => valueOf(match[1]!));
}

/**
 * Whether a sentence's rule is written for another case than the one the customer states: the
 * customer orders "at 6", the rule says what happens "before 4 PM". Which side of the threshold the
 * customer is on takes a comparison of two readings the extractive default does not make (is "6 in
 * the evening" after 4 PM?), so the sentence's outcome is not theirs to be told. A threshold equal
 * to a number they state is their case ("after 2 PM" asked, "before 2 PM" answered).
 */
export function isAnotherCase(statedValues: ReadonlySet<number>, sentence: string): boolean {
  if (statedValues.size === 0) return false;
  const thresholds = thresholdValues(sentence);
  return thresholds.length > 0 && !thresholds.some((value) => statedValues.has(value));
}
