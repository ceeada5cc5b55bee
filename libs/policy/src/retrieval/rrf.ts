import type { RetrievalLeg } from '@support/contracts';

export interface RankedHit {
  readonly chunkId: string;
  readonly docId: string;
}

export interface FusedCandidate<H extends RankedHit> {
  readonly hit: H;
  readonly rrfScore: number;
  /** 1-based rank of the chunk in each leg that returned it. */
  readonly ranks: Partial<Record<RetrievalLeg, number>>;
}

/**
 * Reciprocal rank fusion: score(d) = Σ over legs that returned d of 1 / (k + rank). Only legs that
 * answered take part. Ties are broken by chunk id so the order is deterministic.
 */
export function reciprocalRankFusion<H extends RankedHit>(
  legs: readonly { leg: RetrievalLeg; hits: readonly H[] }[],
  k: number,
): FusedCandidate<H>[] {
  const fused = new Map<
    string,
    { hit: H; rrfScore: number; ranks: Partial<Record<RetrievalLeg, number>> }
  >();
  for (const { leg, hits } of legs) {
    hits.forEach((hit, index) => {
      const rank = index + 1;
      const entry = fused.get(hit.chunkId) ?? { hit, rrfScore: 0, ranks: {} };
      entry.rrfScore += 1 / (k + rank);
      entry.ranks[leg] = rank;
      fused.set(hit.chunkId, entry);
    });
  }
  return [...fused.values()].sort(
    (a, b) => b.rrfScore - a.rrfScore || a.hit.chunkId.localeCompare(b.hit.chunkId),
  );
}
