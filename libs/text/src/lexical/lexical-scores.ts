import { normalizeArabicDialect } from '../dialect/arabic-dialect.js';
import { textLists } from '../packs/text-lists.js';
import {
  rewriteArabicPhrases,
  rewriteEnglishPhrases,
  termConcept,
} from '../synonyms/shop-concepts.js';
import { arabicMatchTerms as arabic, englishMatchTerms as english } from './match-analysers.js';
import { questionFocus } from './question-focus.js';
import { sharedTerms } from './shared-terms.js';
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+/g;

/**
 * Words that shape a customer's question but say nothing about its subject ("how many", "can you
 * tell me", their Arabic and dialect forms), beyond the BM25 stop words: the packs'
 * question_shaping_words.
 * Compared after analysis, so read as written through each language's analyser.
 */
const QUESTION_WORDS = new Set([
  ...english.terms(textLists.written('question_shaping_words', 'latin').join(' ')),
  ...arabic.terms(textLists.written('question_shaping_words', 'arabic').join(' ')),
]);

const NUMBER = /^\d+$/;

/**
 * The content terms of a text in both languages: Arabic-script words through the Arabic analysis
 * (dialect words and phrases read as their standard forms first, light-stemmed), the rest through
 * the English one (phrases such as "send it back" read as one word first, Porter2-stemmed);
 * normalised, stop words and bare numbers dropped, and each term that names a shop concept
 * replaced by that concept, so a mixed sentence keeps the terms of both halves and "ship",
 * "delivery" and "توصيل" are one term. Compare term sets with `sharedTerms`, which also meets
 * other forms of an Arabic word.
 */
export function contentTerms(text: string): Set<string> {
  return new Set([...wordTerms(text)].map(termConcept));
}

/** {@link contentTerms} before concepts replace terms: the stems as written. */
export function wordTerms(text: string): Set<string> {
  const arabicPart = rewriteArabicPhrases(
    normalizeArabicDialect((text.match(ARABIC_SCRIPT) ?? []).join(' ')),
  );
  const otherPart = rewriteEnglishPhrases(text.replace(ARABIC_SCRIPT, ' '));
  const terms = new Set<string>();
  // A bare number ("4000", "2") is a value the customer brings, rarely the one a policy states
  // ("up to 3,000"): the kind of fact asked for is checked elsewhere, the number is not a term.
  for (const term of [...english.terms(otherPart), ...arabic.terms(arabicPart)])
    if (!isQuestionWord(term) && !NUMBER.test(term)) terms.add(term);
  return terms;
}

// "ومتى", "وابي": a question word with "and" or "so" glued to it is still one.
function isQuestionWord(term: string): boolean {
  return QUESTION_WORDS.has(term) || (/^[وف]/.test(term) && QUESTION_WORDS.has(term.slice(1)));
}

/**
 * The local lexical answerability score of each text for the query, 0..1: the IDF-weighted share
 * of the query's content terms that the text contains (see `sharedTerms`); of a message that asks
 * and tells, the asking sentences' terms (see `questionFocus`). IDF is taken over the texts being scored
 * (the fused candidates), smoothed as ln((N + 1) / (df + 0.5)), so a query term that no candidate
 * contains weighs most: a "wholesale" question over retail-only chunks scores low even though
 * "return" and "order" match everywhere.
 */
export function lexicalScores(query: string, texts: readonly string[]): number[] {
  const queryTerms = [...contentTerms(questionFocus(query).focus)];
  if (queryTerms.length === 0 || texts.length === 0) return texts.map(() => 0);
  // The query terms each text holds, as written or as another form of the word.
  const held = texts.map((text) => sharedTerms(queryTerms, contentTerms(text)));
  const n = held.length;
  const weight = new Map(
    queryTerms.map((term) => {
      const df = held.reduce((count, terms) => count + (terms.has(term) ? 1 : 0), 0);
      return [term, Math.log((n + 1) / (df + 0.5))];
    }),
  );
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  return held.map((terms) => {
    let covered = 0;
    for (const [term, w] of weight) if (terms.has(term)) covered += w;
    return total > 0 ? covered / total : 0;
  });
}
