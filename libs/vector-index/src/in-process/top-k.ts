/**
 * The best k of a stream of (score, chunkId, slot): a bounded heap whose root is the worst kept
 * entry, so a scan over n points costs O(n log k) and allocates only k entries.
 */
export class TopK {
  private readonly scores: number[] = [];
  private readonly chunkIds: string[] = [];
  private readonly slots: number[] = [];

  constructor(private readonly k: number) {}

  /**
   * Whether an entry of this score could be kept: false once k are kept and the worst beats it.
   * Lets a scan skip looking up a chunkId for most points.
   */
  admits(score: number): boolean {
    return this.scores.length < this.k || score >= this.scores[0]!;
  }

  push(score: number, chunkId: string, slot: number): void {
    if (this.scores.length < this.k) {
      this.scores.push(score);
      this.chunkIds.push(chunkId);
      this.slots.push(slot);
      this.siftUp(this.scores.length - 1);
      return;
    }
    if (!this.worse(0, score, chunkId)) return;
    this.scores[0] = score;
    this.chunkIds[0] = chunkId;
    this.slots[0] = slot;
    this.siftDown(0);
  }

  /** Kept entries, best first (score descending, chunkId ascending). */
  sorted(): { score: number; chunkId: string; slot: number }[] {
    return this.scores
      .map((score, i) => ({ score, chunkId: this.chunkIds[i]!, slot: this.slots[i]! }))
      .sort((a, b) =>
        a.score !== b.score
          ? b.score - a.score
          : a.chunkId < b.chunkId
            ? -1
            : a.chunkId > b.chunkId
              ? 1
              : 0,
      );
  }

  /** Whether the entry at i ranks below (score, chunkId). */
  private worse(i: number, score: number, chunkId: string): boolean {
    const kept = this.scores[i]!;
    return kept < score || (kept === score && this.chunkIds[i]! > chunkId);
  }

  /** Whether entry i ranks below entry j (heap order: the worst at the root). */
  private below(i: number, j: number): boolean {
    return this.worse(i, this.scores[j]!, this.chunkIds[j]!);
  }

  private siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.below(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const n = this.scores.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < n && this.below(left, worst)) worst = left;
      if (right < n && this.below(right, worst)) worst = right;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  private swap(i: number, j: number): void {
    [this.scores[i], this.scores[j]] = [this.scores[j]!, this.scores[i]!];
    [this.chunkIds[i], this.chunkIds[j]] = [this.chunkIds[j]!, this.chunkIds[i]!];
    [this.slots[i], this.slots[j]] = [this.slots[j]!, this.slots[i]!];
  }
}
