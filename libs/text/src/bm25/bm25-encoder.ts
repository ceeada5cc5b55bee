import type { Stemmer } from '../stem/stemmer.js';
import type { SparseEncoder, SparseVector } from './sparse-vector.js';
import { type StemSlot, TokenStems } from './token-stems.js';
import { wordRuns } from './tokenize.js';

/** fastembed's defaults for `Qdrant/bm25`. */
export const BM25_DEFAULTS = { k: 1.2, b: 0.75, avgLen: 256, tokenMaxLength: 40 } as const;

/**
 * Distinct tokens whose analysis an encoder keeps. A shop's knowledge base uses a few thousand
 * words; at the bound (some 5 MB) the memo starts over.
 */
export const DEFAULT_TOKEN_CACHE_SIZE = 20_000;

export interface Bm25Options {
  /** Must give the same stem for the same word every time: stems are memoised per token. */
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
  /** Distinct tokens whose stems are memoised (see {@link DEFAULT_TOKEN_CACHE_SIZE}). */
  tokenCacheSize?: number;
}

const SINGLE_PUNCTUATION = /^\p{P}$/u;

function codePoints(token: string): number {
  let count = 0;
  for (const _ of token) count += 1;
  return count;
}

const byId = (a: StemSlot, b: StemSlot) => a.id - b.id;

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
 *
 * Each distinct token is analysed once (see {@link TokenStems}); the vectors are those of the
 * unmemoised encoder, bit for bit (`bm25-encoder.equivalence.unit.spec.ts`).
 */
export class Bm25Encoder implements SparseEncoder {
  private readonly stemmer: Stemmer;
  private readonly stopWords: ReadonlySet<string>;
  private readonly normalize: (text: string) => string;
  private readonly k: number;
  private readonly b: number;
  private readonly avgLen: number;
  private readonly tokenMaxLength: number;
  private readonly memo: TokenStems;

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
    this.memo = new TokenStems(
      (token) => this.analyse(token),
      options.tokenCacheSize ?? DEFAULT_TOKEN_CACHE_SIZE,
    );
  }

  /** The stems that a text contributes, in text order, repeats kept. */
  terms(text: string): string[] {
    const stems: string[] = [];
    this.memo.startText();
    for (const token of wordRuns(this.normalize(text))) {
      const slot = this.memo.slotOf(token);
      if (slot !== null) stems.push(slot.stem);
    }
    return stems;
  }

  encodeDocument(text: string): SparseVector {
    const { distinct, length } = this.count(text);
    // Same operation order as fastembed, so the floats agree to the last bit.
    const lengthNorm = this.k * (1 - this.b + (this.b * length) / this.avgLen);
    // Sorting is stable: stems sharing an id keep their first-seen order, so their weights add
    // up in the order the unmemoised encoder added them.
    distinct.sort(byId);
    const indices: number[] = [];
    const values: number[] = [];
    for (const { id, count: tf } of distinct) {
      const weight = (tf * (this.k + 1)) / (tf + lengthNorm);
      if (indices.length > 0 && indices[indices.length - 1] === id)
        values[values.length - 1] += weight;
      else {
        indices.push(id);
        values.push(weight);
      }
    }
    return { indices, values };
  }

  encodeQuery(text: string): SparseVector {
    const { distinct } = this.count(text);
    const indices: number[] = [];
    for (const { id } of distinct.sort(byId))
      if (indices.length === 0 || indices[indices.length - 1] !== id) indices.push(id);
    return { indices, values: indices.map(() => 1) };
  }

  /** Each kept stem of a text once, in first-seen order, with its count; and the kept total. */
  private count(text: string): { distinct: StemSlot[]; length: number } {
    const pass = this.memo.startText();
    const distinct: StemSlot[] = [];
    let length = 0;
    for (const token of wordRuns(this.normalize(text))) {
      const slot = this.memo.slotOf(token);
      if (slot === null) continue;
      length += 1;
      if (slot.pass !== pass) {
        slot.pass = pass;
        slot.count = 0;
        distinct.push(slot);
      }
      slot.count += 1;
    }
    return { distinct, length };
  }

  /** What one raw token contributes: its stem, or `null` when it is dropped. */
  private analyse(raw: string): string | null {
    const token = raw.toLowerCase();
    if (SINGLE_PUNCTUATION.test(token)) return null;
    if (this.stopWords.has(token)) return null;
    if (codePoints(token) > this.tokenMaxLength) return null;
    const stem = this.stemmer.stem(token);
    return stem.length > 0 ? stem : null;
  }
}
