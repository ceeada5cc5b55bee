import {
  conceptsOf,
  FACT_LEXICON,
  type FactLexicon,
  isFunctionWord,
  normalise,
  withoutClitics,
} from '@support/language';
import { sharedTerms } from '@support/text';
import { memoByText } from '../memo/memo-by-text.js';
import { supportTerms } from './support-terms.js';

const ARABIC = /\p{Script=Arabic}/u;
const LATIN = /\p{Script=Latin}/u;
// Concept terms of libs/text ("~refund") and of shop-words.yaml ("=word.within").
export const isConcept = (term: string) => term.startsWith('~') || term.startsWith('=');

/** What a chunk offers a word of the draft: its stems, concepts and languages. */
export interface ChunkVocabulary {
  readonly text: string;
  readonly terms: ReadonlySet<string>;
  readonly facts: ReadonlySet<string>;
  readonly arabic: boolean;
  readonly latin: boolean;
}

/** The vocabulary of a chunk (already through `normalizeForChecks`). */
export function chunkVocabulary(
  text: string,
  lexicon: FactLexicon = FACT_LEXICON,
): ChunkVocabulary {
  const concepts = conceptsOf(text, lexicon);
  return {
    text,
    terms: concepts.terms,
    facts: new Set(concepts.facts.keys()),
    arabic: ARABIC.test(text),
    latin: LATIN.test(text),
  };
}

const stems = memoByText((text): ReadonlySet<string> => new Set(supportTerms(text).keys()));

export type WordReading = 'supported' | 'function_word' | 'untranslated' | 'missing';

/**
 * How `chunks` hold one word of a draft: as it is, without a clitic, or as its concept in either
 * language (`supported`); not at all, in a language some chunk is written in (`missing`) or in
 * none (`untranslated`); or the word says nothing to support (`function_word`).
 */
export function readWord(
  word: string,
  chunks: readonly ChunkVocabulary[],
  lexicon: FactLexicon,
  inSupportedPhrase: ReadonlySet<string>,
): WordReading {
  const standard = normalise(word);
  // A dialect word for a function word ("اللي" for "الذي") says nothing to support.
  if (supportTerms(standard).size === 0 || withoutClitics(standard).some(isFunctionWord))
    return 'function_word';
  // A word of a phrase whose concept the chunk has ("original payment method", "على الأقل").
  if (inSupportedPhrase.has(standard)) return 'supported';
  const chunkStems = chunks.map((chunk) => stems(chunk.text));
  // A clitic the chunk does not write ("وجدة" for "جدة").
  if (ARABIC.test(word))
    for (const form of withoutClitics(standard).slice(1))
      for (const term of supportTerms(form).keys())
        if (chunkStems.some((chunk) => chunk.has(term))) return 'supported';
  // The same concept in the chunk, in either language ("refund" and "استرداد", "Riyadh" and "الرياض").
  const concepts = conceptsOf(word, lexicon);
  for (const fact of concepts.facts.keys())
    if (chunks.some((chunk) => chunk.facts.has(fact))) return 'supported';
  const allTerms = new Set(chunks.flatMap((chunk) => [...chunk.terms]));
  const shared = sharedTerms(concepts.terms, allTerms);
  // A concept in common ("~refund", "=word.within") or every term of the word.
  if ([...shared].some(isConcept) || (shared.size > 0 && shared.size === concepts.terms.size))
    return 'supported';
  const written = ARABIC.test(word) ? 'arabic' : 'latin';
  return chunks.some((chunk) => chunk[written]) ? 'missing' : 'untranslated';
}

/** The words (normalised) of the sentence's concept phrases that one of `chunks` also names. */
export function wordsOfSupportedPhrases(
  sentence: string,
  chunks: readonly ChunkVocabulary[],
  lexicon: FactLexicon,
): Set<string> {
  const { words, mentions } = lexicon.tokensAndMentions(sentence);
  const supported = new Set<string>();
  for (const { concept, start, end } of mentions) {
    const held = chunks.some(
      (chunk) => chunk.facts.has(concept.id) || chunk.terms.has(`=${concept.id}`),
    );
    if (held) for (const word of words.slice(start, end)) supported.add(word);
  }
  return supported;
}
