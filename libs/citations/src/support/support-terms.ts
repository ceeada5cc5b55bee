import { wordSet } from '@support/language';
import { arabicBm25, englishBm25, normalizeText } from '@support/text';
import { stripCitations } from '../citations/strip-citations.js';
import { ALL_NUMBER_WORDS } from '../quantities/number-words.js';
import { CURRENCY_WORDS } from '../quantities/units.js';

const english = englishBm25();
const arabic = arabicBm25();

const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}]+)*/gu;
const ARABIC = /\p{Script=Arabic}/u;
const NUMBER = /^\p{N}+$/u;

/** The stemmed term of one word, or undefined for a stop word; Arabic and other words apart. */
function stemOf(word: string): string | undefined {
  return (ARABIC.test(word) ? arabic : english).terms(word)[0];
}

/**
 * Stop words that carry the meaning of a claim: a negation or a quantifier dropped or added turns
 * "returns are accepted" into its opposite or "any item, at any time" (the packs' claim.negations
 * and claim.quantifiers, folded). Kept as terms; each negation counts as one term, so "cannot" is
 * supported by "not", in either language.
 */
const NEGATION = 'not';
const NEGATIONS = wordSet('claim.negations');
const CONTRACTED_NEGATION = /n['\u2019]t$/i;
const QUANTIFIERS = wordSet('claim.quantifiers');
// Contractions and connectives the BM25 stop list lacks, compared as `termOf` reads a word.
const FUNCTION_WORDS = new Set(
  [...wordSet('claim.function_words')].map((w) => w.replace(/['\u2019]/g, '')),
);

// Numbers are the quantity check's: "two days" is as good as "2 days" there.
const QUANTITY_WORDS = new Set(
  [...ALL_NUMBER_WORDS, ...Object.keys(CURRENCY_WORDS)].flatMap((word) => {
    const term = stemOf(normalizeText(word));
    return term === undefined ? [] : [term];
  }),
);

function termOf(word: string): string | undefined {
  const plain = normalizeText(word).replace(/['\u2019]/g, '');
  if (NEGATIONS.has(plain) || CONTRACTED_NEGATION.test(word)) return NEGATION;
  if (QUANTIFIERS.has(plain)) return plain;
  if (FUNCTION_WORDS.has(plain)) return undefined;
  if (NUMBER.test(plain)) return undefined;
  const term = stemOf(plain);
  return term === undefined || QUANTITY_WORDS.has(term) ? undefined : term;
}

/**
 * The terms a cited chunk must hold for a sentence to be supported: each content word of the text
 * (already through `normalizeForChecks`), citation markers left out, normalised and stemmed in its
 * language (English or Arabic Snowball, BM25 stop words dropped), with the negations and
 * quantifiers kept, and numbers and number words left to the quantity check. Maps each term to
 * the first word that gave it, for the verdict.
 */
export function supportTerms(text: string): Map<string, string> {
  const terms = new Map<string, string>();
  for (const [word] of stripCitations(text).matchAll(WORD)) {
    const term = termOf(word);
    if (term !== undefined && !terms.has(term)) terms.set(term, word);
  }
  return terms;
}
