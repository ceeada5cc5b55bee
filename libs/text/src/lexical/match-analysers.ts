import { Bm25Encoder } from '../bm25/bm25-encoder.js';
import { englishBm25 } from '../bm25/language-encoders.js';
import { normalizeText } from '../normalize/normalize-text.js';
import { arabicLightStem } from '../stem/arabic-light-stem.js';
import { textLists } from '../packs/text-lists.js';
import { ARABIC_STOP_WORDS } from '../stop-words/arabic-stop-words.js';

/** English terms for matching: the `sparse_en` analysis (Porter2 stems). */
export const englishMatchTerms = englishBm25();

// Stop words a shop means ("رجع" is returning an item): matching keeps them, BM25 does not.
const SHOP_WORDS = new Set(textLists.written('shop_words_not_stop'));
/** The Arabic stop words matching drops: BM25's, without the ones a shop means. */
export const ARABIC_MATCH_STOP_WORDS: readonly string[] = ARABIC_STOP_WORDS.filter(
  (word) => !SHOP_WORDS.has(word),
);

/**
 * Arabic terms for matching: BM25's tokens and stop words, folded (ة as ه), each word reduced to
 * its light stem rather than Snowball's (see `arabicLightStem`). Sparse search keeps Snowball.
 */
export const arabicMatchTerms = new Bm25Encoder({
  stemmer: { stem: arabicLightStem },
  stopWords: ARABIC_MATCH_STOP_WORDS,
  normalize: (text) => normalizeText(text),
});
