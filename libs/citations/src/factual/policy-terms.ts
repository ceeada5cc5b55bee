import { POLICY_TERMS } from './phrases.js';
import { phraseWords, type Word } from './words.js';

const ARABIC = /\p{Script=Arabic}/u;

const normalised = phraseWords(POLICY_TERMS).flat();
// `phraseWords` drops the "*": the prefixes are told apart by the source list.
const prefixes = POLICY_TERMS.filter((term) => term.endsWith('*')).map((term) => term.slice(0, -1));
const exact = new Set(normalised.filter((term) => !ARABIC.test(term)));
const arabic = normalised.filter((term) => ARABIC.test(term));

/** Whether one of the words is a policy term of {@link POLICY_TERMS}. */
export function hasPolicyTerm(list: readonly Word[]): boolean {
  return list.some(({ norm }) =>
    ARABIC.test(norm)
      ? arabic.some((term) => norm.includes(term))
      : exact.has(norm) || prefixes.some((prefix) => norm.startsWith(prefix)),
  );
}
