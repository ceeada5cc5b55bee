import { describe, expect, it } from '@jest/globals';
import {
  LATENCY_BUCKET_LOWER_BOUNDS,
  latencyBucketOf,
  latencyBucketRange,
} from './latency-buckets.js';

describe('turn-latency histogram buckets', () => {
  it('puts every latency in the one bucket whose range holds it', () => {
    const samples = [
      ...Array.from({ length: 70_000 }, (_, ms) => ms),
      2 ** 31,
      2 ** 39 + 1,
      2 ** 45,
      -1,
      -86_400_000,
    ];
    // One expect over every sample: an expect per sample was nearly all of this test's time.
    const outside = samples.filter((ms) => {
      const { fromMs, toMs } = latencyBucketRange(latencyBucketOf(ms));
      return !((fromMs === null || fromMs <= ms) && (toMs === null || ms < toMs));
    });
    expect(outside).toEqual([]);
  });

  it('is exact below 16 ms and at most 12.5 % wide above, with open ends below 0 and past 2^40', () => {
    expect(latencyBucketRange(latencyBucketOf(-5))).toEqual({ fromMs: null, toMs: 0 });
    expect(latencyBucketRange(latencyBucketOf(7))).toEqual({ fromMs: 7, toMs: 8 });
    expect(latencyBucketRange(latencyBucketOf(1000))).toEqual({ fromMs: 960, toMs: 1024 });
    expect(latencyBucketRange(latencyBucketOf(2 ** 41)).toMs).toBeNull();
    for (let bucket = 17; bucket < LATENCY_BUCKET_LOWER_BOUNDS.length; bucket++) {
      const { fromMs, toMs } = latencyBucketRange(bucket);
      expect((toMs! - fromMs!) / fromMs!).toBeLessThanOrEqual(0.125);
    }
  });
});
