import type { TokenBucket } from './token-bucket.js';

/** What a customer is limited on, each with its own bucket. */
export type LimitKind = 'message' | 'hello';

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
