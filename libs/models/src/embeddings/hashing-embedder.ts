import { DEFAULT_EMBEDDING_DIMENSIONS, type Embedder, l2Normalise } from './embedder.js';
import { murmur3 } from '@support/text';
import { normaliseText, words } from './normalise-text.js';

/** Per-feature weights: whole words carry most of the meaning, n-grams bridge inflections. */
const WORD_WEIGHT = 1;
const BIGRAM_WEIGHT = 0.6;
const CHAR_NGRAM_WEIGHT = 0.4;
const MIN_CHAR_NGRAM = 3;
const MAX_CHAR_NGRAM = 5;
/** Words this short are mostly function words ("a", "is", "في"): less weight, no n-grams. */
const SHORT_WORD = 2;
const SHORT_WORD_WEIGHT = 0.4;
/** Blank text still needs a unit vector; it gets one fixed feature of its own. */
const EMPTY_FEATURE = 'e\u0000';

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

/** The hashing embedding of one text (synchronous; see HashingEmbedder). */
export function hashingVector(text: string, dimensions = DEFAULT_EMBEDDING_DIMENSIONS): number[] {
  const features = extractFeatures(text);
  if (features.size === 0) features.set(EMPTY_FEATURE, { weight: 1, count: 1 });
  const vector = new Float64Array(dimensions);
  for (const [feature, { weight, count }] of features) {
    const hash = murmur3(feature);
    const sign = hash & 0x80000000 ? -1 : 1;
    vector[hash % dimensions] += sign * weight * (1 + Math.log(count));
  }
  return l2Normalise(vector);
}

type Feature = { weight: number; count: number };

function extractFeatures(text: string): Map<string, Feature> {
  const features = new Map<string, Feature>();
  const add = (key: string, weight: number) => {
    const existing = features.get(key);
    if (existing) existing.count += 1;
    else features.set(key, { weight, count: 1 });
  };
  const tokens = words(normaliseText(text));
  tokens.forEach((word, i) => {
    const chars = Array.from(`<${word}>`);
    const short = chars.length - 2 <= SHORT_WORD;
    add(`w\u0000${word}`, short ? SHORT_WORD_WEIGHT : WORD_WEIGHT);
    if (i > 0) add(`b\u0000${tokens[i - 1]} ${word}`, BIGRAM_WEIGHT);
    if (short) return;
    for (let n = MIN_CHAR_NGRAM; n <= MAX_CHAR_NGRAM; n++)
      for (let start = 0; start + n <= chars.length; start++)
        add(`c\u0000${chars.slice(start, start + n).join('')}`, CHAR_NGRAM_WEIGHT);
  });
  return features;
}
