import { idf } from '../scoring.js';
import type { SparseVector } from '../vector-index.port.js';

interface Posting {
  slots: number[];
  weights: number[];
  /** Entries whose slot is still alive: the token's document frequency n(t). */
  live: number;
}

/**
 * The inverted index of one sparse leg: token -> (slot, stored weight) postings, plus the counts
 * the IDF needs, kept exact on every add and remove.
 *
 * Removal is lazy: a removed point's entries stay in its postings (the caller marks the slot dead
 * and slots are never reused until the owner rebuilds everything), and a posting is compacted once
 * dead entries outnumber live ones. That keeps re-ingest of a document O(its tokens) instead of
 * O(posting length) per token.
 */
export class SparsePostings {
  private readonly postings = new Map<number, Posting>();
  /** N: live points holding a (non-empty) vector for this leg. */
  private vectorCount = 0;

  get documentCount(): number {
    return this.vectorCount;
  }

  documentFrequency(token: number): number {
    return this.postings.get(token)?.live ?? 0;
  }

  add(slot: number, vector: SparseVector): void {
    this.vectorCount += 1;
    const { indices, values } = vector;
    for (let i = 0; i < indices.length; i += 1) {
      const token = indices[i]!;
      let posting = this.postings.get(token);
      if (!posting) {
        posting = { slots: [], weights: [], live: 0 };
        this.postings.set(token, posting);
      }
      posting.slots.push(slot);
      posting.weights.push(values[i]!);
      posting.live += 1;
    }
  }

  /** Forgets a vector whose slot the caller has already marked dead in `alive`. */
  remove(vector: SparseVector, alive: Uint8Array): void {
    this.vectorCount -= 1;
    for (const token of vector.indices) {
      const posting = this.postings.get(token);
      if (!posting) continue;
      posting.live -= 1;
      if (posting.live <= 0) {
        this.postings.delete(token);
      } else if (posting.slots.length > 16 && posting.slots.length > 2 * posting.live) {
        compact(posting, alive);
      }
    }
  }

  /**
   * Adds `q_t · idf(t) · d_t` of every live posting entry of the query's tokens to `scores[slot]`,
   * and records each slot reached once in `touched` (flagged in `seen`); returns how many. The
   * caller's scratch arrays hold a slot each, so a query allocates nothing however many it reaches.
   */
  accumulate(
    query: SparseVector,
    alive: Uint8Array,
    scores: Float64Array,
    seen: Uint8Array,
    touched: Int32Array,
  ): number {
    let reached = 0;
    for (let j = 0; j < query.indices.length; j += 1) {
      const posting = this.postings.get(query.indices[j]!);
      if (!posting) continue;
      const factor = query.values[j]! * idf(this.vectorCount, posting.live);
      const { slots, weights } = posting;
      for (let k = 0; k < slots.length; k += 1) {
        const slot = slots[k]!;
        if (alive[slot] === 0) continue;
        if (seen[slot] === 0) {
          seen[slot] = 1;
          touched[reached++] = slot;
        }
        scores[slot]! += factor * weights[k]!;
      }
    }
    return reached;
  }
}

function compact(posting: Posting, alive: Uint8Array): void {
  const slots: number[] = [];
  const weights: number[] = [];
  for (let k = 0; k < posting.slots.length; k += 1) {
    const slot = posting.slots[k]!;
    if (alive[slot] === 1) {
      slots.push(slot);
      weights.push(posting.weights[k]!);
    }
  }
  posting.slots = slots;
  posting.weights = weights;
}
