/**
 * Token bucket: `burst` messages at once, refilled at `perMinute`. Time is passed in, so the rule
 * is tested without waiting.
 */
export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perMinute: number,
    nowMs: number,
  ) {
    this.tokens = burst;
    this.last = nowMs;
  }

  /** Takes one token if there is one. */
  tryTake(nowMs: number): boolean {
    const elapsed = Math.max(0, nowMs - this.last);
    this.last = nowMs;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.perMinute) / 60_000);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
