import { schemaOf } from '../processed-events.js';
import type { DataSource } from 'typeorm';
import type { LimitKind, RateBucketStore } from './rate-bucket-store.js';
import type { TokenBucket } from './token-bucket.js';

interface BucketSqlRow {
  tokens: number | null;
  at_ms: number | null;
  now_ms: number;
}

/**
 * Buckets in `gateway_rate_buckets`, one row per customer and kind. A transaction-scoped advisory
 * lock serialises the replicas on one bucket (the row may not exist yet, so it cannot be
 * row-locked), and time is the database's: one clock for every replica.
 */
export class PostgresRateBuckets implements RateBucketStore {
  constructor(private readonly dataSource: DataSource) {}

  private get table(): string {
    return `"${schemaOf(this.dataSource)}".gateway_rate_buckets`;
  }

  change<R extends { readonly bucket: TokenBucket }>(
    customerId: string,
    kind: LimitKind,
    decide: (bucket: TokenBucket | null, nowMs: number) => R,
  ): Promise<R> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('gateway-rate:' || $1))`, [
        `${kind}:${customerId}`,
      ]);
      // Read after the lock: this statement's snapshot includes the previous holder's write.
      const [row]: BucketSqlRow[] = await manager.query(
        `SELECT b.tokens, extract(epoch FROM b.refilled_at)::float8 * 1000 AS at_ms,
                  extract(epoch FROM clock_timestamp())::float8 * 1000 AS now_ms
           FROM (SELECT 1) AS one
           LEFT JOIN ${this.table} b ON b.customer_id = $1 AND b.kind = $2`,
        [customerId, kind],
      );
      const stored =
        row!.tokens === null || row!.at_ms === null
          ? null
          : { tokens: row!.tokens, atMs: row!.at_ms };
      const decided = decide(stored, row!.now_ms);
      await manager.query(
        `INSERT INTO ${this.table} (customer_id, kind, tokens, refilled_at)
           VALUES ($1, $2, $3, to_timestamp($4::float8 / 1000))
           ON CONFLICT (customer_id, kind)
           DO UPDATE SET tokens = EXCLUDED.tokens, refilled_at = EXCLUDED.refilled_at`,
        [customerId, kind, decided.bucket.tokens, decided.bucket.atMs],
      );
      return decided;
    });
  }

  async forgetIdle(kind: LimitKind, idleMs: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM ${this.table}
       WHERE kind = $1 AND refilled_at < clock_timestamp() - $2::float8 * interval '1 millisecond'`,
      [kind, idleMs],
    );
  }
}
