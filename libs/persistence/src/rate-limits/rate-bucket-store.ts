import type { TokenBucket } from './token-bucket.js';

/**
 * What is limited, each with its own bucket: a customer's messages (refused frames included) and
 * hello frames, and the demo tokens a client address asks for (keyed by the address).
 */
export type LimitKind = 'message' | 'hello' | 'demo_token';

/**
 * Token buckets shared by every gateway replica, one per customer and kind. `change` gets the
 * stored bucket (null: none yet) and the store's clock, under a lock every replica honours, and
 * what it returns is stored before the lock is let go: two replicas never spend the same token.
 */
export interface RateBucketStore {
  change<R extends { readonly bucket: TokenBucket }>(
    customerId: string,
    kind: LimitKind,
    decide: (bucket: TokenBucket | null, nowMs: number) => R,
  ): Promise<R>;

  /** Drops the buckets of `kind` untouched for `idleMs`: full again, the same as none. */
  forgetIdle(kind: LimitKind, idleMs: number): Promise<void>;
}
