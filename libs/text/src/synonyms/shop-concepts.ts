import { normalizeArabic } from '../normalize/normalize-arabic.js';
import {
  arabicMatchTerms as arabic,
  englishMatchTerms as english,
} from '../lexical/match-analysers.js';
import { textLists } from '../packs/text-lists.js';
import { arabicVariants, MATCH_STEPS } from '../stem/arabic-light-stem.js';
import { conceptList } from './concept-lists.js';
import { baseFormsOfIrregularVerbs } from './english-inflections.js';
import { expandEnglishShorthand } from './english-shorthand.js';
import { GULF_NAMES, GULF_PAYMENT_NAMES, GULF_PLACES } from './gulf-names.js';

/**
 * The words a fashion shop's customers and policies use for the same thing, in English and
 * Arabic, grouped under one concept (`domain/fashion-retail/shop-concepts.yaml`): its concepts,
 * then the Gulf's places and payment names. Listed as people write them; the analysers turn each
 * into its stem at load.
 */
const CONCEPTS: Readonly<Record<string, { en: string; ar: string }>> = {
  ...conceptList('shop_concepts'),
  ...GULF_NAMES,
};

// Phrases that stand for one word ("send it back" is "return", "الدفع عند الاستلام" is paying
// cash), in order, with their reasons: `lang/*/phrases.yaml`, then the trade's multi-word names.
const phrases = (name: string): readonly [RegExp, string][] =>
  textLists
    .wordList(name)
    .rewrites.map(({ pattern, flags, to }) => [new RegExp(pattern, flags), to]);
const ENGLISH_PHRASES = phrases('english_phrases');
const ARABIC_PHRASES = phrases('arabic_phrases');

const CONCEPT_OF_TERM = new Map<string, string>();
for (const [concept, words] of Object.entries(CONCEPTS)) {
  for (const term of english.terms(words.en)) CONCEPT_OF_TERM.set(term, `~${concept}`);
  for (const term of arabic.terms(words.ar)) CONCEPT_OF_TERM.set(term, `~${concept}`);
}

/** The concept of an analysed term (`~deliver` for "ship" and "توصيل"), or the term itself. */
export function conceptOf(term: string): string {
  return CONCEPT_OF_TERM.get(term) ?? term;
}

// A concept word is a whole word of the list: one step more than a match between two terms
// reaches it from a dialect form ("بيتشحن" → "يتشحن" → "تشحن" → "شحن").
const CONCEPT_STEPS = MATCH_STEPS + 1;

/**
 * {@link conceptOf} for an Arabic term, or for another form of its word when the term itself is
 * none ("تستبدل" is "~exchange" through "بدل"): the nearest form that is a concept wins.
 */
export function arabicConceptOf(term: string): string {
  for (const form of arabicVariants(term, CONCEPT_STEPS)) {
    const concept = CONCEPT_OF_TERM.get(form);
    if (concept !== undefined) return concept;
  }
  return term;
}

/** The concept of an analysed term of either language ({@link conceptOf}, {@link arabicConceptOf}). */
export function termConcept(term: string): string {
  return ARABIC_TERM.test(term) ? arabicConceptOf(term) : conceptOf(term);
}

const ARABIC_TERM = /[\u0600-\u06FF]/;

const PLACE_CONCEPTS = new Set(Object.keys(GULF_PLACES).map((place) => `~${place}`));
const PAYMENT_CONCEPTS = new Set(Object.keys(GULF_PAYMENT_NAMES).map((name) => `~${name}`));

/** Whether a term is the concept of a Gulf country or city (`~muscat` for "Muscat" and "مسقط"). */
export function isPlaceConcept(term: string): boolean {
  return PLACE_CONCEPTS.has(term);
}

/** Whether a term is the concept of a payment brand or instalment word (`~tabby`, `~mada`). */
export function isPaymentConcept(term: string): boolean {
  return PAYMENT_CONCEPTS.has(term);
}

/**
 * Rewrites chat shorthand ("ur" → "your"), the English phrases that stand for one domain word
 * ("send it back" → "return") and irregular verb forms ("kept" → "keep").
 */
export function rewriteEnglishPhrases(text: string): string {
  let out = baseFormsOfIrregularVerbs(expandEnglishShorthand(text));
  for (const [phrase, word] of ENGLISH_PHRASES) out = out.replace(phrase, word);
  return out;
}

/**
 * Rewrites the Arabic phrases that stand for one word ("أبو ظبي" → "ابوظبي") and paying on
 * delivery as paying cash, as English does, on the folded text it returns.
 */
export function rewriteArabicPhrases(text: string): string {
  let out = normalizeArabic(text).replace(GLUED_TO_PLACE, ' $1 $2');
  for (const [phrase, word] of ARABIC_PHRASES) out = out.replace(phrase, word);
  return out;
}

// A place name without the article takes its preposition glued on ("لجدة", "بدبي", "لعمان"),
// which the light stemmer cannot tell from the word's own first letter: written apart, on folded
// text, for the names the place list has.
const GLUED_TO_PLACE = new RegExp(
  `(?:^|\\s)([لبوفك])(${Object.values(GULF_PLACES)
    .flatMap(({ ar }) => ar.split(' '))
    .map((name) => normalizeArabic(name))
    .filter((name) => !name.startsWith('ال'))
    .join('|')})(?![\\u0621-\\u064A])`,
  'g',
);

/** The English and Arabic words of a concept (`~deliver`), as listed; empty for a plain term. */
export function conceptWords(concept: string): { en: string[]; ar: string[] } {
  const words = CONCEPTS[concept.replace(/^~/, '')];
  if (words === undefined) return { en: [], ar: [] };
  return { en: words.en.split(' ').filter(Boolean), ar: words.ar.split(' ').filter(Boolean) };
}
