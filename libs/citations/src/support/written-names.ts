import { stripCitations } from '../citations/strip-citations.js';

const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}]+)*/gu;
const CAPITALISED = /^\p{Lu}/u;
// The English first person is written with a capital anywhere ("Sorry, I'm afraid ...").
const FIRST_PERSON = /^I(?:['\u2019]|$)/u;

/**
 * The words a sentence writes as names: capitalised where no sentence starts (a branch, a
 * district, a brand, a programme). A name is a fact on its own: a draft that names one its cited
 * chunks lack has swapped or added something, however many of its other words they hold.
 * Arabic has no capitals; its names are the glossary's and the lexicon's places.
 */
export function writtenNames(sentence: string): Set<string> {
  const words = [...stripCitations(sentence).matchAll(WORD)].map(([word]) => word);
  return new Set(
    words.filter((word, index) => index > 0 && CAPITALISED.test(word) && !FIRST_PERSON.test(word)),
  );
}
