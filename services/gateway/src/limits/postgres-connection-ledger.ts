import { randomUUID } from 'node:crypto';
import { schemaOf } from '@support/persistence';
import type { DataSource, EntityManager } from 'typeorm';
import type { ConnectionLedger } from './connection-ledger.js';

export interface LeaseOptions {
  /** GATEWAY_INSTANCE: for whoever reads the table. */
  readonly instance: string;
  /** How long the connections of a replica that stopped renewing (it died) keep counting. */
  readonly leaseMs: number;
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The ledger in Postgres: `gateway_connections` rows under this process's row in
 * `gateway_leases`, renewed every third of the lease. A row counts while its lease has not
 * expired, so a crashed gateway's sockets stop counting within `leaseMs`; renewal also deletes
 * expired leases (and, by cascade, their connections). The owner is per process, not per
 * GATEWAY_INSTANCE: a restarted pod must not inherit the dead process's sockets. Time is the
 * database's, one clock for every replica.
 */
export class PostgresConnectionLedger implements ConnectionLedger {
  readonly owner: string;
  /** Connections this process holds (id → customer): restored if the lease row was swept. */
  private readonly held = new Map<string, string>();
  /** Closes that failed (the database was away): retried at each renewal. */
  private readonly unclosed = new Set<string>();
  private readonly pending = new Set<Promise<unknown>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: LeaseOptions,
  ) {
    this.owner = `${options.instance}/${randomUUID()}`;
  }

  private get s(): string {
    return `"${schemaOf(this.dataSource)}"`;
  }

  /** Takes the lease and keeps renewing it until `stop`. */
  async start(onError: (error: unknown) => void): Promise<void> {
    await this.register();
    this.heartbeat = setInterval(
      () => this.track(this.renew()).catch(onError),
      Math.max(1, Math.floor(this.options.leaseMs / 3)),
    );
    this.heartbeat.unref();
  }

  /** Ends the lease: this process's connections stop counting at once. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await Promise.allSettled([...this.pending]);
    await this.dataSource.query(`DELETE FROM ${this.s}.gateway_leases WHERE owner = $1`, [
      this.owner,
    ]);
  }

  /** Creates (or extends) this process's lease. */
  async register(manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.s}.gateway_leases (owner, instance, expires_at)
       VALUES ($1, $2, clock_timestamp() + $3::float8 * interval '1 millisecond')
       ON CONFLICT (owner) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [this.owner, this.options.instance, this.options.leaseMs],
    );
  }

  /** Extends the lease, retries failed closes and deletes the leases that ran out. */
  async renew(): Promise<void> {
    const [renewed]: { n: number }[] = await this.dataSource.query(
      `WITH renewed AS (
         UPDATE ${this.s}.gateway_leases
         SET expires_at = clock_timestamp() + $2::float8 * interval '1 millisecond'
         WHERE owner = $1 RETURNING 1)
       SELECT count(*)::int AS n FROM renewed`,
      [this.owner, this.options.leaseMs],
    );
    if (renewed!.n === 0) await this.restore();
    if (this.unclosed.size > 0) {
      const ids = [...this.unclosed];
      await this.dataSource.query(
        `DELETE FROM ${this.s}.gateway_connections WHERE connection_id = ANY($1::text[])`,
        [ids],
      );
      ids.forEach((id) => this.unclosed.delete(id));
    }
    await this.dataSource.query(
      `DELETE FROM ${this.s}.gateway_leases WHERE expires_at < clock_timestamp()`,
    );
  }

  open(customerId: string, admit: (live: number) => boolean): Promise<string | null> {
    return this.track(
      (async () => {
        let connectionId: string | null;
        try {
          connectionId = await this.tryOpen(customerId, admit);
        } catch (error) {
          // Another replica swept this lease while this process could not renew it (a long
          // pause, the database away): take it again, with the sockets still held here.
          if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
          await this.restore();
          connectionId = await this.tryOpen(customerId, admit);
        }
        if (connectionId) this.held.set(connectionId, customerId);
        return connectionId;
      })(),
    );
  }

  async close(connectionId: string): Promise<void> {
    this.held.delete(connectionId);
    if (this.stopped) return; // the lease is gone, and its connections with it
    await this.track(
      this.dataSource
        .query(`DELETE FROM ${this.s}.gateway_connections WHERE connection_id = $1`, [connectionId])
        .catch(() => this.unclosed.add(connectionId)),
    );
  }

  private tryOpen(customerId: string, admit: (live: number) => boolean): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('gateway-connections:' || $1))`, [
        customerId,
      ]);
      // Counted after the lock: this statement's snapshot includes the previous holder's insert.
      const [counted]: { live: number }[] = await manager.query(
        `SELECT count(*)::int AS live
         FROM ${this.s}.gateway_connections c
         JOIN ${this.s}.gateway_leases l ON l.owner = c.owner
         WHERE c.customer_id = $1 AND l.expires_at > clock_timestamp()`,
        [customerId],
      );
      if (!admit(counted!.live)) return null;
      const connectionId = randomUUID();
      await manager.query(
        `INSERT INTO ${this.s}.gateway_connections (connection_id, owner, customer_id, opened_at)
         VALUES ($1, $2, $3, clock_timestamp())`,
        [connectionId, this.owner, customerId],
      );
      return connectionId;
    });
  }

  private restore(): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await this.register(manager);
      await manager.query(
        `INSERT INTO ${this.s}.gateway_connections (connection_id, owner, customer_id, opened_at)
         SELECT id, $1, customer, clock_timestamp()
         FROM unnest($2::text[], $3::text[]) AS held(id, customer)
         ON CONFLICT (connection_id) DO NOTHING`,
        [this.owner, [...this.held.keys()], [...this.held.values()]],
      );
    });
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }
}
