import { DEFAULT_EMBEDDING_DIMENSIONS, type Embedder, l2Normalize } from './embedder.js';
import { normalizeEmbeddingText, words } from './normalize-embedding-text.js';
import {
  featureIndex,
  featureSlot,
  type FeatureSlot,
  WordFeatureMemo,
  type WordFeatures,
} from './word-features.js';

/** Blank text still needs a unit vector; it gets one fixed feature of its own. */
const EMPTY_FEATURE = featureSlot('e\u0000', 1);
/** Features kept by the memo: some 17 MB at the bound, measured with random words. */
const MEMO_CAPACITY = { words: 10_000, grams: 50_000, bigrams: 50_000 };

/**
 * The embedded default embedder: no model, deterministic, language-agnostic feature hashing.
 *
 * Text is normalised (NFKC, lower case, Arabic folding), split into words, and turned into
 * features: word unigrams, word bigrams, and character 3- to 5-grams of each word wrapped in
 * `<` `>` boundary markers (so "dress" and "dresses" share `<dr`, `dres`, `ress`...). Each feature
 * is hashed with murmur3 (32-bit) to a dimension, and one hash bit gives its sign, so collisions
 * cancel out on average instead of piling up (the signed hashing trick). A feature's value is
 * `weight * (1 + ln(count))`, words weighing more than bigrams and bigrams more than character
 * n-grams; the vector is then L2-normalised. Texts sharing words or stems score higher than
 * unrelated ones; it knows nothing of synonyms.
 */
export class HashingEmbedder implements Embedder {
  readonly dimensions: number;
  readonly id: string;

  constructor(options: { dimensions?: number } = {}) {
    this.dimensions = options.dimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
    if (!Number.isInteger(this.dimensions) || this.dimensions < 1)
      throw new RangeError(`dimensions must be a positive integer, got ${this.dimensions}`);
    this.id = `hashing-v1:${this.dimensions}`;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((text) => hashingVector(text, this.dimensions));
  }

  async embedQuery(text: string): Promise<number[]> {
    return hashingVector(text, this.dimensions);
  }
}

// Shared by every HashingEmbedder: features do not depend on the dimension count.
const MEMO = new WordFeatureMemo(MEMO_CAPACITY);

/** The hashing embedding of one text (synchronous; see HashingEmbedder). */
export function hashingVector(text: string, dimensions = DEFAULT_EMBEDDING_DIMENSIONS): number[] {
  return hashingVectorWith(MEMO, text, dimensions);
}

/** {@link hashingVector} with the word memo given (tests give a small one). */
export function hashingVectorWith(
  memo: WordFeatureMemo,
  text: string,
  dimensions: number,
): number[] {
  // Each feature once, in the order of its first occurrence: the order the vector's sums were
  // always made in, so the floats stay those of hashing-v1 to the last bit.
  const pass = memo.startText();
  const distinct: FeatureSlot[] = [];
  const count = (slot: FeatureSlot) => {
    if (slot.pass !== pass) {
      slot.pass = pass;
      slot.count = 0;
      distinct.push(slot);
    }
    slot.count += 1;
  };
  const tokens = words(normalizeEmbeddingText(text));
  let previous: WordFeatures | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!;
    const features = memo.featuresOf(word);
    count(features.word);
    if (previous !== undefined) count(memo.bigram(previous, tokens[i - 1]!, word));
    for (const gram of features.grams) count(gram);
    previous = features;
  }
  const vector = new Float64Array(dimensions);
  if (distinct.length === 0) distinct.push(EMPTY_FEATURE);
  for (const slot of distinct) {
    const scale = slot === EMPTY_FEATURE ? 1 : logScale(slot.count);
    vector[featureIndex(slot, dimensions)] += slot.signedWeight * scale;
  }
  return l2Normalize(vector);
}

// `1 + ln(count)` for the counts most features have: one table read instead of a logarithm.
const LOG_SCALE = Float64Array.from({ length: 64 }, (_, count) => 1 + Math.log(count));
const logScale = (count: number) => (count < 64 ? LOG_SCALE[count]! : 1 + Math.log(count));
