import type { FactLexicon } from '@support/language';
import { stripCitations } from '../citations/strip-citations.js';
import { extractQuantities } from '../quantities/extract-quantities.js';
import { factBearingWords } from '../support/fact-bearing.js';
import { supportTerms } from '../support/support-terms.js';
import type { ChunkVocabulary } from '../support/word-reading.js';
import { checkWords } from '../words/check-words.js';
import { NEVER_IN_A_LINE } from './non-factual-lines.js';

/**
 * Whether an uncited sentence states no fact of the shop: no quantity, no word of
 * `never_in_a_line`, and no fact-bearing word ({@link factBearingWords}: no word of any prompt
 * chunk, no concept, no name, no negation, no yes or no), as "Hello, and thanks for getting in
 * touch!" or "ولا يهمك!". Such a sentence is a courtesy of the model's own wording; like an
 * acknowledgement of the data file it is harmless only beside a cited sentence of the same reply.
 */
export function statesNoFact(
  sentence: string,
  shop: readonly ChunkVocabulary[],
  lexicon: FactLexicon,
): boolean {
  const text = stripCitations(sentence);
  if (extractQuantities(text).length > 0) return false;
  if (checkWords(text).some((word) => NEVER_IN_A_LINE.has(word))) return false;
  const factBearing = factBearingWords(text, shop, lexicon);
  const words = [...supportTerms(text).values()];
  return words.length > 0 && !words.some(factBearing);
}
