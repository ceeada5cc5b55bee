import { describe, expect, it } from '@jest/globals';
import { msToRefill, type TokenBucket, type TokenBucketRule, takeToken } from './token-bucket.js';

/** Takes at each time in turn, carrying the bucket along; returns which were allowed. */
function takes(rule: TokenBucketRule, times: readonly number[], start: TokenBucket | null = null) {
  let bucket = start;
  return times.map((nowMs) => {
    const take = takeToken(bucket, nowMs, rule);
    bucket = take.bucket;
    return take.allowed;
  });
}

describe('token bucket', () => {
  const threeThenOnePerSecond = { burst: 3, perMinute: 60 };

  it('allows a burst, then refills at the sustained rate', () => {
    expect(takes(threeThenOnePerSecond, [0, 0, 0, 0, 500, 1000, 1000])).toEqual([
      true,
      true,
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('never stores more than the burst', () => {
    expect(takes({ burst: 2, perMinute: 60 }, [0, 3_600_000, 3_600_000, 3_600_000])).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('says how long until the next token', () => {
    const empty = { tokens: 0.25, atMs: 1000 };
    expect(takeToken(empty, 1000, threeThenOnePerSecond)).toEqual({
      allowed: false,
      bucket: empty,
      retryAfterMs: 750,
    });
    expect(takeToken({ tokens: 0, atMs: 0 }, 0, { burst: 5, perMinute: 20 }).retryAfterMs).toBe(
      3000,
    );
  });

  it('refills nothing when the clock steps back, and keeps the later time', () => {
    const bucket = { tokens: 0.5, atMs: 10_000 };
    const take = takeToken(bucket, 9_000, threeThenOnePerSecond);
    expect(take).toMatchObject({ allowed: false, bucket: { tokens: 0.5, atMs: 10_000 } });
    expect(takeToken(take.bucket, 10_500, threeThenOnePerSecond).allowed).toBe(true);
  });

  it('does not lose a token to float rounding of the refill', () => {
    // 0.7 tokens and 3 s at 6 per minute make one, even a hair short of it in floating point.
    const rule = { burst: 1, perMinute: 6 };
    expect(takeToken({ tokens: 0.7, atMs: 0 }, 3000 - 1e-7, rule).allowed).toBe(true);
  });

  it('is full again after msToRefill, whatever was left', () => {
    const rule = { burst: 5, perMinute: 20 };
    expect(msToRefill(rule)).toBe(15_000);
    const after = takeToken({ tokens: 0, atMs: 0 }, msToRefill(rule), rule);
    expect(after.bucket.tokens).toBe(rule.burst - 1);
  });

  it('holds 20 per minute to 5 plus one every 3 s: 100 attempts in 5 s get 6', () => {
    const rule = { burst: 5, perMinute: 20 };
    const times = Array.from({ length: 100 }, (_, i) => i * 50);
    expect(takes(rule, times).filter(Boolean)).toHaveLength(6);
  });
});
