import { foldTaMarbuta } from '../normalize/normalize-arabic.js';
import { normalizeText } from '../normalize/normalize-text.js';
import { snowballStemmer, type Stemmer } from '../stem/stemmer.js';
import { ARABIC_STOP_WORDS } from '../stop-words/arabic-stop-words.js';
import { ENGLISH_STOP_WORDS } from '../stop-words/english-stop-words.js';
import { Bm25Encoder, type Bm25Options } from './bm25-encoder.js';

type Tuning = Pick<Bm25Options, 'k' | 'b' | 'avgLen' | 'tokenMaxLength' | 'tokenCacheSize'>;

/** The `sparse_en` encoder: fastembed's `Qdrant/bm25` with language "english". */
export function englishBm25(tuning: Tuning = {}): Bm25Encoder {
  return new Bm25Encoder({
    ...tuning,
    stemmer: snowballStemmer('english'),
    stopWords: ENGLISH_STOP_WORDS,
  });
}

const arabicStemmer: Stemmer = {
  stem: (word) => foldTaMarbuta(snowballStemmer('arabic').stem(word)),
};

/**
 * The `sparse_ar` encoder: fastembed's `Qdrant/bm25` with language "arabic", on text first put
 * through {@link normalizeText} (NFKC, lowercase, Arabic folding) so that spellings with and
 * without diacritics, hamza or alef variants encode alike. Ta marbuta is the exception: it
 * reaches the stemmer as ة and is folded to ه in the stem (see `keepTaMarbuta`). Stop words get
 * the same folding, and each one ending in ة also counts when typed with ه.
 */
export function arabicBm25(tuning: Tuning = {}): Bm25Encoder {
  return new Bm25Encoder({
    ...tuning,
    stemmer: arabicStemmer,
    stopWords: ARABIC_STOP_WORDS.flatMap((word) => [word, foldTaMarbuta(word)]),
    normalize: (text) => normalizeText(text, { keepTaMarbuta: true }),
  });
}
