/** `burst` takes at once, refilled continuously at `perMinute`. */
export interface TokenBucketRule {
  readonly burst: number;
  readonly perMinute: number;
}

/** The tokens left at `atMs`. No bucket yet means a full one. */
export interface TokenBucket {
  readonly tokens: number;
  readonly atMs: number;
}

export interface TokenTake {
  readonly allowed: boolean;
  /** The bucket to store, whether or not a token was taken. */
  readonly bucket: TokenBucket;
  /** How long until a token is back (0 when one was taken). */
  readonly retryAfterMs: number;
}

/** Float rounding (and a timestamp's round trip through the database) must not cost a token. */
const EPSILON = 1e-9;

function refilled(bucket: TokenBucket | null, nowMs: number, rule: TokenBucketRule): TokenBucket {
  if (!bucket) return { tokens: rule.burst, atMs: nowMs };
  // A clock that steps back refills nothing and never moves the bucket back in time.
  const atMs = Math.max(bucket.atMs, nowMs);
  const tokens = bucket.tokens + ((atMs - bucket.atMs) * rule.perMinute) / 60_000;
  return { tokens: Math.min(rule.burst, tokens), atMs };
}

/** Takes one token if there is one. Time is passed in, so the rule is tested without waiting. */
export function takeToken(
  bucket: TokenBucket | null,
  nowMs: number,
  rule: TokenBucketRule,
): TokenTake {
  const current = refilled(bucket, nowMs, rule);
  if (current.tokens + EPSILON >= 1)
    return {
      allowed: true,
      bucket: { tokens: Math.max(0, current.tokens - 1), atMs: current.atMs },
      retryAfterMs: 0,
    };
  return {
    allowed: false,
    bucket: current,
    retryAfterMs: Math.ceil(((1 - current.tokens) * 60_000) / rule.perMinute),
  };
}

/** After this long untouched, any bucket is full again: the same as no bucket at all. */
export function msToRefill(rule: TokenBucketRule): number {
  return Math.ceil((rule.burst * 60_000) / rule.perMinute);
}
