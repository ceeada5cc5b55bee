import {
  conceptsOf,
  FACT_LEXICON,
  type FactLexicon,
  isFunctionWord,
  normalise,
  stanceForm,
  stanceWordsOf,
  standardPassive,
  withoutClitics,
} from '@support/language';
import { normalizeText, sharedTerms } from '@support/text';
import { extractQuantities } from '../quantities/extract-quantities.js';
import { memoByText } from '../memo/memo-by-text.js';
import { lexicalSupport, type LexicalSupport } from './lexical-support.js';
import { supportTerms } from './support-terms.js';

const ARABIC = /\p{Script=Arabic}/u;
// Concept terms of libs/text ("~refund") and of shop-words.yaml ("=word.within").
const isConcept = (term: string) => term.startsWith('~') || term.startsWith('=');
const LATIN = /\p{Script=Latin}/u;

/** What a cited chunk offers a word of the draft: its stems, concepts and languages. */
export interface ChunkVocabulary {
  readonly text: string;
  readonly terms: ReadonlySet<string>;
  readonly facts: ReadonlySet<string>;
  readonly arabic: boolean;
  readonly latin: boolean;
}

const stems = memoByText((text): ReadonlySet<string> => new Set(supportTerms(text).keys()));

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

// Words of the draft's language that no chunk's language has and no concept translates may make
// up at most this share of its terms before the sentence is judged on them after all.
const MAX_UNTRANSLATED_SHARE = 1 / 2;

type WordReading = 'supported' | 'function_word' | 'untranslated' | 'missing';

function readWord(
  word: string,
  chunks: readonly ChunkVocabulary[],
  lexicon: FactLexicon,
  inSupportedPhrase: ReadonlySet<string>,
  stance: ReadonlySet<string>,
): WordReading {
  const standard = normalise(word);
  // A dialect word for a function word ("اللي" for "الذي") says nothing to support; nor does a
  // word of the writer's stance ("Unfortunately", "للأسف").
  if (
    supportTerms(standard).size === 0 ||
    withoutClitics(standard).some(isFunctionWord) ||
    stance.has(stanceForm(standard))
  )
    return 'function_word';
  // A word of a phrase whose concept the chunk has ("original payment method", "على الأقل").
  if (inSupportedPhrase.has(standard)) return 'supported';
  const chunkStems = chunks.map((chunk) => stems(chunk.text));
  // A clitic the chunk does not write, or a Gulf passive for its standard form (arabic-forms.yaml).
  if (ARABIC.test(word)) {
    const written = withoutClitics(standard);
    const passives = written.flatMap((form) => standardPassive(form) ?? []);
    for (const form of [...written.slice(1), ...passives])
      for (const term of supportTerms(form).keys())
        if (chunkStems.some((chunk) => chunk.has(term))) return 'supported';
  }
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

/** The words (normalised) of the sentence's concept phrases that a cited chunk also names. */
function wordsOfSupportedPhrases(
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

/**
 * {@link lexicalSupport}, with the words it misses read language-neutrally: a word is supported
 * when a chunk holds it without a clitic, or holds its concept in either language (libs/language);
 * a dialect function word counts for nothing. A word written in a language none of the chunks is
 * written in, with no concept to translate it, is left out of the share while such words are at
 * most half of the sentence's terms: the typed facts of the sentence are checked apart
 * (`factProblem`), and a cross-lingual answer cannot share words with its source.
 */
export function conceptSupport(
  sentence: string,
  chunks: readonly ChunkVocabulary[],
  lexicon: FactLexicon = FACT_LEXICON,
): LexicalSupport {
  const lexical = lexicalSupport(
    sentence,
    chunks.map((chunk) => chunk.text),
  );
  const total = lexical.missing.length === 0 ? 0 : supportTerms(sentence).size;
  if (lexical.missing.length === 0) return lexical;
  // The words of a quantity ("3 أيام عمل") are the quantity check's, with its value.
  const quantityWords = new Set(
    extractQuantities(sentence).flatMap((quantity) => quantity.text.split(/\s+/)),
  );
  const inSupportedPhrase = wordsOfSupportedPhrases(sentence, chunks, lexicon);
  const stance = stanceWordsOf(sentence);
  const readings = lexical.missing.map(
    (word) =>
      [
        word,
        quantityWords.has(normalizeText(word))
          ? 'function_word'
          : readWord(word, chunks, lexicon, inSupportedPhrase, stance),
      ] as const,
  );
  const missing = readings.filter(([, reading]) => reading === 'missing').map(([word]) => word);
  const untranslated = readings.filter(([, reading]) => reading === 'untranslated').map(([w]) => w);
  const functionWords = readings.filter(([, reading]) => reading === 'function_word').length;
  const counted = total - functionWords;
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
