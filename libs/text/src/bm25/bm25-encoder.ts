import type { Stemmer } from '../stem/stemmer.js';
import { toSparseVector, type SparseEncoder, type SparseVector } from './sparse-vector.js';
import { tokenId } from './token-id.js';
import { tokenize } from './tokenize.js';

/** fastembed's defaults for `Qdrant/bm25`. */
export const BM25_DEFAULTS = { k: 1.2, b: 0.75, avgLen: 256, tokenMaxLength: 40 } as const;

export interface Bm25Options {
  stemmer: Stemmer;
  /** Matched against lowercased tokens before stemming, after `normalize`. */
  stopWords: Iterable<string>;
  /** Applied to the text, and to each stop word, before tokenising. Defaults to none. */
  normalize?: (text: string) => string;
  /** Term-frequency saturation. */
  k?: number;
  /** Weight of the document length. */
  b?: number;
  /** Assumed average document length, in tokens after filtering. */
  avgLen?: number;
  /** Longer tokens (in code points) are dropped. */
  tokenMaxLength?: number;
}

const SINGLE_PUNCTUATION = /^\p{P}$/u;

function codePoints(token: string): number {
  let count = 0;
  for (const _ of token) count += 1;
  return count;
}

/**
 * BM25 term weights as sparse vectors, following fastembed's `Qdrant/bm25`:
 * tokens are lowercased words; stop words, lone punctuation and tokens longer than
 * `tokenMaxLength` are dropped; the rest are stemmed (empty stems dropped); a token's id is
 * {@link tokenId} of its stem.
 *
 * A document weighs each stem `tf * (k + 1) / (tf + k * (1 - b + b * len / avgLen))`, where `tf`
 * counts the stem and `len` counts all kept stems. Stems whose ids collide add their weights
 * (fastembed's current policy, independent of token order). A query weighs each distinct id 1;
 * the index supplies IDF (Qdrant's `modifier: idf`).
 */
export class Bm25Encoder implements SparseEncoder {
  private readonly stemmer: Stemmer;
  private readonly stopWords: ReadonlySet<string>;
  private readonly normalize: (text: string) => string;
  private readonly k: number;
  private readonly b: number;
  private readonly avgLen: number;
  private readonly tokenMaxLength: number;

  constructor(options: Bm25Options) {
    this.stemmer = options.stemmer;
    this.normalize = options.normalize ?? ((text) => text);
    this.stopWords = new Set(
      [...options.stopWords].map((word) => this.normalize(word).toLowerCase()),
    );
    this.k = options.k ?? BM25_DEFAULTS.k;
    this.b = options.b ?? BM25_DEFAULTS.b;
    this.avgLen = options.avgLen ?? BM25_DEFAULTS.avgLen;
    this.tokenMaxLength = options.tokenMaxLength ?? BM25_DEFAULTS.tokenMaxLength;
  }

  /** The stems that a text contributes, in text order, repeats kept. */
  terms(text: string): string[] {
    const stems: string[] = [];
    for (const token of tokenize(this.normalize(text))) {
      if (SINGLE_PUNCTUATION.test(token)) continue;
      if (this.stopWords.has(token)) continue;
      if (codePoints(token) > this.tokenMaxLength) continue;
      const stem = this.stemmer.stem(token);
      if (stem.length > 0) stems.push(stem);
    }
    return stems;
  }

  encodeDocument(text: string): SparseVector {
    const stems = this.terms(text);
    const counts = new Map<string, number>();
    for (const stem of stems) counts.set(stem, (counts.get(stem) ?? 0) + 1);
    // Same operation order as fastembed, so the floats agree to the last bit.
    const lengthNorm = this.k * (1 - this.b + (this.b * stems.length) / this.avgLen);
    const weights = new Map<number, number>();
    for (const [stem, tf] of counts) {
      const id = tokenId(stem);
      const weight = (tf * (this.k + 1)) / (tf + lengthNorm);
      weights.set(id, (weights.get(id) ?? 0) + weight);
    }
    return toSparseVector(weights);
  }

  encodeQuery(text: string): SparseVector {
    const weights = new Map<number, number>();
    for (const stem of this.terms(text)) weights.set(tokenId(stem), 1);
    return toSparseVector(weights);
  }
}
