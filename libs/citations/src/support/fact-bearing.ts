import { readFileSync } from 'node:fs';
import { conceptsOf, type FactLexicon } from '@support/language';
import { parse } from 'yaml';
import { stripCitations } from '../citations/strip-citations.js';
import { checkWords } from '../words/check-words.js';
import { isMeaningTerm, supportTerms } from './support-terms.js';
import {
  type ChunkVocabulary,
  isConcept,
  readWord,
  wordsOfSupportedPhrases,
} from './word-reading.js';

/** data/answer-words.yaml: yes and no words, read from `src` whether this runs from `src` or `dist`. */
const ANSWER_WORDS: ReadonlySet<string> = (() => {
  const raw = parse(
    readFileSync(new URL('../../src/support/data/answer-words.yaml', import.meta.url), 'utf8'),
  ) as { why?: unknown; en?: unknown; ar?: unknown };
  const words = [raw.en, raw.ar];
  if (typeof raw.why !== 'string' || !words.every(Array.isArray))
    throw new Error('support/data/answer-words.yaml needs its why, en and ar');
  return new Set(words.flat().flatMap((word) => checkWords(String(word))));
})();

const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}]+)*/gu;
const CAPITALISED = /^\p{Lu}/u;
// The English first person is written with a capital anywhere ("Sorry, I'm afraid ...").
const FIRST_PERSON = /^I(?:['\u2019]|$)/u;

/** The words of a sentence written as names: capitalised where a sentence does not start. */
function namesOf(sentence: string): Set<string> {
  const words = [...stripCitations(sentence).matchAll(WORD)].map(([word]) => word);
  return new Set(
    words.filter((word, index) => index > 0 && CAPITALISED.test(word) && !FIRST_PERSON.test(word)),
  );
}

/**
 * How a word carries a fact: it names a place, a brand, a shop (`name`), it is a concept (a
 * negation, a quantifier, a yes or no, a concept of the lexicon), or it is of the shop's own
 * vocabulary.
 */
export type FactBearing = 'name' | 'concept' | 'vocabulary';

const PLACE = 'place.';

/**
 * Which words of a draft sentence could carry a fact of the shop: a negation or quantifier, a yes
 * or no, a name, a concept of the fact lexicon or a shop concept (places, payment methods,
 * conditions, glossary terms), or a word of the shop's own vocabulary, that is of any chunk the
 * model was given (`shop`). A word the shop uses elsewhere but the cited chunk lacks is how a
 * value of another case slips in; a general-language word found in none of them ("please", "let",
 * "easiest") names nothing the shop states, so no chunk could confirm or refute it. A word in a
 * language none of the chunks is written in is kept: its absence from them proves nothing.
 * Numbers are the quantity check's.
 */
export function factBearingWords(
  sentence: string,
  shop: readonly ChunkVocabulary[],
  lexicon: FactLexicon,
): (word: string) => FactBearing | undefined {
  const names = namesOf(sentence);
  const inShopPhrase = wordsOfSupportedPhrases(sentence, shop, lexicon);
  return (word) => {
    const terms = [...supportTerms(word).keys()];
    if (terms.length === 0) return undefined;
    const concepts = conceptsOf(word, lexicon);
    if (names.has(word) || [...concepts.facts.keys()].some((id) => id.startsWith(PLACE)))
      return 'name';
    if (terms.some(isMeaningTerm) || checkWords(word).some((w) => ANSWER_WORDS.has(w)))
      return 'concept';
    if (concepts.facts.size > 0 || [...concepts.terms].some(isConcept)) return 'concept';
    // Absent from a shop written in another language says nothing: the untranslated-share rule
    // of the support check judges it.
    return readWord(word, shop, lexicon, inShopPhrase) === 'missing' ? undefined : 'vocabulary';
  };
}
