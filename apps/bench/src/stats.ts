export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return NaN;
  const index = Math.min(
    sortedAscending.length - 1,
    Math.ceil((p / 100) * sortedAscending.length) - 1,
  );
  return sortedAscending[Math.max(0, index)]!;
}

export function summarise(samplesMs: readonly number[]) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

/** {@link summarise} with p95 too: load benches report the tail at 95 and 99. */
export function latencySummary(samplesMs: readonly number[]) {
  const { n, p50, p99, max } = summarise(samplesMs);
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { n, p50, p95: Math.round(percentile(sorted, 95) * 1000) / 1000, p99, max };
}
