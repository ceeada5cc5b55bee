import { AppError } from '@support/platform/pure';

export interface BucketCount {
  readonly bucket: number;
  readonly turns: number;
}

export interface LatencyCount {
  readonly latencyMs: number;
  readonly turns: number;
}

/**
 * Exact turn-latency percentiles, computed as Postgres's `percentile_cont` does (linear
 * interpolation between the two closest ranks), without reading every turn: the period's
 * histogram says which bucket holds each rank, and only those buckets' latencies are read.
 */
export class LatencyPercentiles {
  private readonly total: number;
  /** The bucket holding each 0-based rank needed, and the rank's place inside that bucket. */
  private readonly located = new Map<number, { bucket: number; offset: number }>();

  constructor(
    readonly buckets: readonly BucketCount[],
    private readonly fractions: readonly number[],
  ) {
    this.total = buckets.reduce((n, b) => n + b.turns, 0);
    if (this.total === 0) return;
    const ranks = fractions.flatMap((f) => [
      Math.floor(f * (this.total - 1)),
      Math.ceil(f * (this.total - 1)),
    ]);
    let before = 0;
    for (const { bucket, turns } of buckets) {
      for (const rank of ranks)
        if (rank >= before && rank < before + turns)
          this.located.set(rank, { bucket, offset: rank - before });
      before += turns;
    }
  }

  /** The histogram buckets whose latencies (to the ms) the percentiles need. */
  bucketsToRead(): number[] {
    return [...new Set([...this.located.values()].map((l) => l.bucket))];
  }

  /**
   * One value per fraction (null when no turn finished in the period), given each bucket's
   * latencies in ascending order, read in the same snapshot as the histogram.
   */
  values(latencies: ReadonlyMap<number, readonly LatencyCount[]>): (number | null)[] {
    if (this.total === 0) return this.fractions.map(() => null);
    const latencyAt = (rank: number): number => {
      const { bucket, offset } = this.located.get(rank)!;
      let seen = 0;
      for (const { latencyMs, turns } of latencies.get(bucket) ?? []) {
        seen += turns;
        if (offset < seen) return latencyMs;
      }
      throw new AppError(
        'internal',
        `turn_latencies_daily holds fewer turns than latency bucket ${bucket} counts`,
      );
    };
    return this.fractions.map((fraction) => {
      const rank = fraction * (this.total - 1);
      const low = latencyAt(Math.floor(rank));
      const high = latencyAt(Math.ceil(rank));
      // As percentile_cont: first + proportion * (second - first).
      return low + (rank - Math.floor(rank)) * (high - low);
    });
  }
}
