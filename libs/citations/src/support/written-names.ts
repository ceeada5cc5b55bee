import { introducesName, normalise } from '@support/language';
import { stripCitations } from '../citations/strip-citations.js';

const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}]+)*/gu;
const CAPITALISED = /^\p{Lu}/u;
// The English first person is written with a capital anywhere ("Sorry, I'm afraid ...").
const FIRST_PERSON = /^I(?:['\u2019]|$)/u;

/**
 * The words a sentence writes as names: capitalised where no sentence starts (a branch, a
 * district, a brand, a programme), or, in Arabic, which has no capitals, after a noun that
 * introduces a name ("فرع الرفاع", "مجمع السيف"; libs/language name-nouns.yaml). A name is a fact
 * on its own: a draft that names one its cited chunks lack has swapped or added something, however
 * many of its other words they hold. The glossary's and the lexicon's places are names too.
 */
export function writtenNames(sentence: string): Set<string> {
  const words = [...stripCitations(sentence).matchAll(WORD)].map(([word]) => word);
  return new Set(
    words.filter(
      (word, index) =>
        index > 0 &&
        ((CAPITALISED.test(word) && !FIRST_PERSON.test(word)) ||
          introducesName(normalise(words[index - 1]!))),
    ),
  );
}
