import { AppError, codeOf } from '@support/platform/pure';
import type { LimitKind, RateBucketStore } from './rate-bucket-store.js';
import {
  msToRefill,
  type TokenBucket,
  type TokenBucketRule,
  type TokenTake,
  takeToken,
} from './token-bucket.js';

export type RateRules = Readonly<Record<LimitKind, TokenBucketRule>>;

/** What the chat asks before it does work for a customer: throws `rate_limited` when over. */
export interface RateLimits {
  take(customerId: string, kind: LimitKind): Promise<void>;
}

const REFUSALS: Record<LimitKind, string> = {
  message: 'Too many messages',
  hello: 'Too many hello frames (new tabs or reconnects)',
  demo_token: 'Too many sign-ins from this address',
};
const SWEEP_EVERY_MS = 60_000;

/** `rate_limited`, with the wait the chat page tells the customer and sends again after. */
export class RateLimitedError extends AppError {
  constructor(
    kind: LimitKind,
    readonly retryAfterMs: number,
  ) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super('rate_limited', `${REFUSALS[kind]}; wait ${seconds} s and try again`);
  }
}

function limited(kind: LimitKind, retryAfterMs: number): AppError {
  return new RateLimitedError(kind, Math.max(1000, Math.ceil(retryAfterMs / 1000) * 1000));
}

/**
 * Per-customer rate limits across every socket and every gateway replica: one shared bucket per
 * customer and kind in the store. This replica's own bucket is asked first: when it is empty, the
 * shared one (which counts the same takes and more) is empty too, so a flood is refused without a
 * round trip to the store.
 */
export class CustomerRateLimits implements RateLimits {
  private readonly local = new Map<string, TokenBucket>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: RateBucketStore,
    private readonly rules: RateRules,
    private readonly localNowMs: () => number = Date.now,
  ) {}

  async take(customerId: string, kind: LimitKind): Promise<void> {
    const rule = this.rules[kind];
    const key = `${kind}:${customerId}`;
    const mine = takeToken(this.local.get(key) ?? null, this.localNowMs(), rule);
    this.local.set(key, mine.bucket);
    if (!mine.allowed) throw limited(kind, mine.retryAfterMs);
    let shared: TokenTake;
    try {
      shared = await this.store.change(customerId, kind, (bucket, nowMs) =>
        takeToken(bucket, nowMs, rule),
      );
    } catch (error) {
      // The shared store is down (a Postgres outage): this replica's own bucket still limits the
      // customer, and a message only needs the bus, so the outage does not silence the chat.
      if (codeOf(error) === 'dependency_unavailable') return;
      this.refund(key, rule);
      throw error;
    }
    // A take the store did not grant gives the local token back: the local bucket counts only
    // granted takes, or it would refuse what the shared one still allows.
    if (!shared.allowed) {
      this.refund(key, rule);
      throw limited(kind, shared.retryAfterMs);
    }
  }

  /** Sweeps idle buckets (full again, the same as none) here and in the store every minute. */
  start(onError: (error: unknown) => void): void {
    this.sweeper = setInterval(() => this.forgetIdle().catch(onError), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  async forgetIdle(): Promise<void> {
    const now = this.localNowMs();
    for (const [key, bucket] of this.local) {
      const kind = key.slice(0, key.indexOf(':')) as LimitKind;
      if (now - bucket.atMs >= msToRefill(this.rules[kind])) this.local.delete(key);
    }
    for (const kind of Object.keys(this.rules) as LimitKind[])
      await this.store.forgetIdle(kind, msToRefill(this.rules[kind]));
  }

  private refund(key: string, rule: TokenBucketRule): void {
    const bucket = this.local.get(key);
    if (bucket) this.local.set(key, { ...bucket, tokens: Math.min(rule.burst, bucket.tokens + 1) });
  }
}
