import { tokenId } from './token-id.js';

/** A stem and its token id, one object per stem: the tokens that stem alike share it. */
export interface StemSlot {
  readonly stem: string;
  readonly id: number;
  /** Occurrences in the text being counted; meaningful only while `pass` is that text's pass. */
  count: number;
  pass: number;
}

/**
 * Memoised analysis of raw tokens (as the tokenizer cuts them, before lowercasing): each token's
 * stem slot, or `null` when the token is dropped. Stemming (a WebAssembly call with two string
 * copies) and hashing every token was most of the encoding time; a knowledge base repeats a few
 * thousand words, so nearly every token is a hit.
 *
 * Bounded: once it holds `capacity` tokens it starts over, and only between texts
 * ({@link TokenStems.startText}), so the tokens of one text always share one slot per stem.
 */
export class TokenStems {
  private readonly tokens = new Map<string, StemSlot | null>();
  private readonly stems = new Map<string, StemSlot>();
  private pass = 0;

  constructor(
    /** The stem a raw token contributes, or `null` to drop it; must be a pure function. */
    private readonly analyse: (token: string) => string | null,
    private readonly capacity: number,
  ) {}

  /** Starts counting a new text; returns its pass number. */
  startText(): number {
    if (this.tokens.size >= this.capacity) {
      this.tokens.clear();
      this.stems.clear();
    }
    this.pass += 1;
    return this.pass;
  }

  slotOf(token: string): StemSlot | null {
    let slot = this.tokens.get(token);
    if (slot === undefined) {
      const stem = this.analyse(token);
      slot = stem === null ? null : this.stemSlot(stem);
      this.tokens.set(token, slot);
    }
    return slot;
  }

  private stemSlot(stem: string): StemSlot {
    let slot = this.stems.get(stem);
    if (slot === undefined) {
      slot = { stem, id: tokenId(stem), count: 0, pass: 0 };
      this.stems.set(stem, slot);
    }
    return slot;
  }
}
