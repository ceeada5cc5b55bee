import { describe, expect, it } from '@jest/globals';
import { RateLimiter } from './rate-limiter.js';

describe('rate limiter', () => {
  it('allows a burst, then refills at the sustained rate', () => {
    const limiter = new RateLimiter(3, 60, 0);
    expect([0, 0, 0, 0].map(() => limiter.tryTake(0))).toEqual([true, true, true, false]);
    expect(limiter.tryTake(500)).toBe(false);
    expect(limiter.tryTake(1000)).toBe(true);
    expect(limiter.tryTake(1000)).toBe(false);
  });

  it('never stores more than the burst', () => {
    const limiter = new RateLimiter(2, 60, 0);
    expect([1, 2, 3].map(() => limiter.tryTake(3_600_000))).toEqual([true, true, false]);
  });
});
