/**
 * The turn-latency histogram's buckets, by lower bound in ms: every ms below 16, then eight
 * buckets per doubling (each at most 12.5 % wide) up to 2^40 ms, the last one open-ended. Bucket
 * 0 holds negative latencies (clocks of different services disagree). The numbering is Postgres's
 * `width_bucket(ms, LATENCY_BUCKET_LOWER_BOUNDS)`: how many lower bounds are <= ms.
 */
export const LATENCY_BUCKET_LOWER_BOUNDS: readonly number[] = (() => {
  const bounds = Array.from({ length: 16 }, (_, ms) => ms);
  for (let exponent = 4; exponent < 40; exponent++)
    for (let step = 0; step < 8; step++) bounds.push(2 ** exponent + step * 2 ** (exponent - 3));
  return bounds;
})();

export function latencyBucketOf(latencyMs: number): number {
  let low = 0;
  let high = LATENCY_BUCKET_LOWER_BOUNDS.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (LATENCY_BUCKET_LOWER_BOUNDS[middle]! <= latencyMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The ms a bucket holds, [fromMs, toMs); null for the open ends. */
export function latencyBucketRange(bucket: number): { fromMs: number | null; toMs: number | null } {
  return {
    fromMs: bucket === 0 ? null : LATENCY_BUCKET_LOWER_BOUNDS[bucket - 1]!,
    toMs: LATENCY_BUCKET_LOWER_BOUNDS[bucket] ?? null,
  };
}
