import { FACT_LEXICON, type FactLexicon } from '@support/language';
import { normalizeText } from '@support/text';
import { extractQuantities } from '../quantities/extract-quantities.js';
import { type FactBearing, factBearingWords } from './fact-bearing.js';
import { lexicalSupport, type LexicalSupport } from './lexical-support.js';
import { supportTerms } from './support-terms.js';
import {
  type ChunkVocabulary,
  readWord,
  type WordReading,
  wordsOfSupportedPhrases,
} from './word-reading.js';

export { type ChunkVocabulary, chunkVocabulary } from './word-reading.js';

// Words of the draft's language that no chunk's language has and no concept translates may make
// up at most this share of its terms before the sentence is judged on them after all.
const MAX_UNTRANSLATED_SHARE = 1 / 2;

/** How a word the cited chunks lack counts: against the sentence, or not at all. */
type Reading = WordReading | 'general' | 'missing_name';

/**
 * {@link lexicalSupport}, with the words it misses read language-neutrally: a word is supported
 * when a chunk holds it without a clitic, or holds its concept in either language (libs/language);
 * a dialect function word counts for nothing. Given the prompt's chunks (`shop`), a word that is
 * not fact-bearing ({@link factBearingWords}: in none of them, no concept, no name, no negation)
 * counts for nothing either: the share is over the words that could carry a fact. A word written
 * in a language none of the chunks is written in, with no concept to translate it, is left out of
 * the share while such words are at most half of the sentence's terms: the typed facts of the
 * sentence are checked apart (`factProblem`), and a cross-lingual answer cannot share words with
 * its source.
 */
export function conceptSupport(
  sentence: string,
  chunks: readonly ChunkVocabulary[],
  lexicon: FactLexicon = FACT_LEXICON,
  shop?: readonly ChunkVocabulary[],
): LexicalSupport {
  const lexical = lexicalSupport(
    sentence,
    chunks.map((chunk) => chunk.text),
  );
  if (lexical.missing.length === 0) return lexical;
  const total = supportTerms(sentence).size;
  // The words of a quantity ("3 أيام عمل") are the quantity check's, with its value.
  const quantityWords = new Set(
    extractQuantities(sentence).flatMap((quantity) => quantity.text.split(/\s+/)),
  );
  const inSupportedPhrase = wordsOfSupportedPhrases(sentence, chunks, lexicon);
  const factBearing =
    shop === undefined
      ? (): FactBearing => 'vocabulary'
      : factBearingWords(sentence, shop, lexicon);
  const readingOf = (word: string): Reading => {
    if (quantityWords.has(normalizeText(word))) return 'function_word';
    const reading = readWord(word, chunks, lexicon, inSupportedPhrase);
    if (reading !== 'missing') return reading;
    const bearing = factBearing(word);
    if (bearing === undefined) return 'general';
    return bearing === 'name' ? 'missing_name' : reading;
  };
  const readings = lexical.missing.map((word) => [word, readingOf(word)] as const);
  // A name the cited chunks lack (a place, a brand) is a fact of its own: the rest of the
  // sentence cannot make up for it.
  if (readings.some(([, reading]) => reading === 'missing_name'))
    return {
      share: 0,
      missing: readings
        .filter(([, reading]) => reading === 'missing' || reading === 'missing_name')
        .map(([word]) => word),
    };
  const missing = readings.filter(([, reading]) => reading === 'missing').map(([word]) => word);
  const untranslated = readings.filter(([, reading]) => reading === 'untranslated').map(([w]) => w);
  const uncounted = readings.filter(
    ([, reading]) => reading === 'function_word' || reading === 'general',
  ).length;
  const counted = total - uncounted;
  if (untranslated.length <= counted * MAX_UNTRANSLATED_SHARE) {
    const judged = counted - untranslated.length;
    return { share: judged <= 0 ? 0 : (judged - missing.length) / judged, missing };
  }
  const unsupported = [...missing, ...untranslated];
  return {
    share: counted <= 0 ? 0 : (counted - unsupported.length) / counted,
    missing: unsupported,
  };
}
