import { latencyBucketRange } from '@support/persistence/pure';

export interface LatencyBar {
  /** Null: below zero (the services' clocks disagreed). */
  readonly fromMs: number | null;
  /** Exclusive; null: no upper bound. */
  readonly toMs: number | null;
  readonly turns: number;
}

/** The doubling a histogram bucket lies in (every bucket lies inside one), as drawn on the page. */
function doublingOf(bucket: number): { fromMs: number | null; toMs: number | null } {
  const { fromMs, toMs } = latencyBucketRange(bucket);
  if (fromMs === null) return { fromMs, toMs };
  if (fromMs === 0) return { fromMs: 0, toMs: 1 };
  const low = 2 ** Math.floor(Math.log2(fromMs));
  return { fromMs: low, toMs: toMs === null ? null : 2 * low };
}

/** Histogram buckets (ascending) merged into powers of two: a dozen bars rather than hundreds. */
export function latencyBars(buckets: readonly { bucket: number; turns: number }[]): LatencyBar[] {
  const bars: { fromMs: number | null; toMs: number | null; turns: number }[] = [];
  for (const { bucket, turns } of buckets) {
    const range = doublingOf(bucket);
    const last = bars[bars.length - 1];
    if (last && last.fromMs === range.fromMs) last.turns += turns;
    else bars.push({ ...range, turns });
  }
  return bars;
}
