import { murmur3 } from '@support/text';

/** One hashed feature of the hashing embedder, counted per text. */
export interface FeatureSlot {
  /** murmur3 of the feature's key: its dimension and its sign. */
  readonly hash: number;
  /** The feature's weight with the hash's sign: `sign * weight`, exactly. */
  readonly signedWeight: number;
  /** `hash % dimensionsOfIndex`, kept for the dimension count last asked. */
  index: number;
  dimensionsOfIndex: number;
  /** Occurrences in the text being embedded; meaningful only while `pass` is that text's pass. */
  count: number;
  pass: number;
}

/** The features one word brings wherever it occurs: itself, and its character n-grams. */
export interface WordFeatures {
  readonly word: FeatureSlot;
  readonly grams: readonly FeatureSlot[];
  /** Bigram slots of this word followed by another, by that word. */
  readonly followedBy: Map<string, FeatureSlot>;
}

export const FEATURE_WEIGHTS = {
  word: 1,
  bigram: 0.6,
  charNgram: 0.4,
  /** Words this short are mostly function words ("a", "is", "في"): less weight, no n-grams. */
  shortWord: 0.4,
} as const;
const MIN_CHAR_NGRAM = 3;
const MAX_CHAR_NGRAM = 5;
const SHORT_WORD = 2;

export function featureSlot(key: string, weight: number): FeatureSlot {
  const hash = murmur3(key);
  const sign = hash & 0x80000000 ? -1 : 1;
  return { hash, signedWeight: sign * weight, index: 0, dimensionsOfIndex: 0, count: 0, pass: 0 };
}

/** The dimension a feature adds to in a vector of `dimensions`. */
export function featureIndex(slot: FeatureSlot, dimensions: number): number {
  if (slot.dimensionsOfIndex !== dimensions) {
    slot.index = slot.hash % dimensions;
    slot.dimensionsOfIndex = dimensions;
  }
  return slot.index;
}

/** Bounds of a {@link WordFeatureMemo}: it starts over when one is reached. */
export interface MemoCapacity {
  readonly words: number;
  /** Distinct character n-grams. */
  readonly grams: number;
  readonly bigrams: number;
}

/**
 * Memoised features of words and word pairs: hashing every character n-gram of every word (a
 * dozen strings a word) and every bigram was most of the embedder's time, and a knowledge base
 * repeats a few thousand words. An n-gram is one slot whichever words share it, so its count per
 * text is the count of its key.
 *
 * Bounded: once it holds `capacity` words, n-grams or bigrams it starts over, and only between
 * texts ({@link WordFeatureMemo.startText}), so the features of one text always share one slot
 * per key.
 */
export class WordFeatureMemo {
  private readonly words = new Map<string, WordFeatures>();
  private readonly grams = new Map<string, FeatureSlot>();
  private bigrams = 0;
  private pass = 0;

  constructor(private readonly capacity: MemoCapacity) {}

  /** Starts counting a new text; returns its pass number. */
  startText(): number {
    const { words, grams, bigrams } = this.capacity;
    if (this.words.size >= words || this.grams.size >= grams || this.bigrams >= bigrams) {
      this.words.clear();
      this.grams.clear();
      this.bigrams = 0;
    }
    this.pass += 1;
    return this.pass;
  }

  featuresOf(word: string): WordFeatures {
    let features = this.words.get(word);
    if (features === undefined) {
      features = this.extract(word);
      this.words.set(word, features);
    }
    return features;
  }

  /** The bigram feature of `word` after the word of `previous`. */
  bigram(previous: WordFeatures, previousWord: string, word: string): FeatureSlot {
    let slot = previous.followedBy.get(word);
    if (slot === undefined) {
      // Words hold no spaces, so the key names the pair alone.
      slot = featureSlot(`b\u0000${previousWord} ${word}`, FEATURE_WEIGHTS.bigram);
      previous.followedBy.set(word, slot);
      this.bigrams += 1;
    }
    return slot;
  }

  // The keys, weights and order of the features are those of hashing-v1: changing them changes
  // every stored vector.
  private extract(word: string): WordFeatures {
    const chars = Array.from(`<${word}>`);
    const short = chars.length - 2 <= SHORT_WORD;
    const own = featureSlot(
      `w\u0000${word}`,
      short ? FEATURE_WEIGHTS.shortWord : FEATURE_WEIGHTS.word,
    );
    const grams: FeatureSlot[] = [];
    if (!short)
      for (let n = MIN_CHAR_NGRAM; n <= MAX_CHAR_NGRAM; n++)
        for (let start = 0; start + n <= chars.length; start++)
          grams.push(this.gram(`c\u0000${chars.slice(start, start + n).join('')}`));
    return { word: own, grams, followedBy: new Map() };
  }

  private gram(key: string): FeatureSlot {
    let slot = this.grams.get(key);
    if (slot === undefined) {
      slot = featureSlot(key, FEATURE_WEIGHTS.charNgram);
      this.grams.set(key, slot);
    }
    return slot;
  }
}
