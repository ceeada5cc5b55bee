import type { DataSource } from 'typeorm';
import type { CustomerKeyStore, StoredDataKey } from './customer-key-store.js';

interface KeyRow {
  key_id: string;
  customer_ref: string;
  wrapped_key: Buffer | null;
  master_key_id: string;
}

const rowToKey = (row: KeyRow): StoredDataKey => ({
  keyId: row.key_id,
  customerRef: row.customer_ref,
  wrappedKey: row.wrapped_key,
  masterKeyId: row.master_key_id,
});

/** The key store in the service's Postgres schema (migration CustomerDataKeys1765800000000). */
export class PostgresCustomerKeyStore implements CustomerKeyStore {
  constructor(private readonly dataSource: DataSource) {}

  private get table(): string {
    const schema = (this.dataSource.options as { schema?: string }).schema ?? 'public';
    return `"${schema.replaceAll('"', '""')}".customer_data_keys`;
  }

  async liveKeyOf(customerRef: string, created: StoredDataKey): Promise<StoredDataKey> {
    // Two processes sealing a new customer's first message at once: the first insert wins, both
    // read it. A destroy between the insert and the read leaves none: try again.
    for (;;) {
      await this.dataSource.query(
        `INSERT INTO ${this.table} (key_id, customer_ref, wrapped_key, master_key_id)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_ref) WHERE destroyed_at IS NULL DO NOTHING`,
        [created.keyId, customerRef, created.wrappedKey, created.masterKeyId],
      );
      const rows: KeyRow[] = await this.dataSource.query(
        `SELECT key_id, customer_ref, wrapped_key, master_key_id FROM ${this.table}
         WHERE customer_ref = $1 AND destroyed_at IS NULL`,
        [customerRef],
      );
      if (rows[0]) return rowToKey(rows[0]);
    }
  }

  async byId(keyId: string): Promise<StoredDataKey | null> {
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT key_id, customer_ref, wrapped_key, master_key_id FROM ${this.table}
       WHERE key_id = $1`,
      [keyId],
    );
    return rows[0] ? rowToKey(rows[0]) : null;
  }

  async keyIdsOf(customerRef: string): Promise<string[]> {
    const rows: { key_id: string }[] = await this.dataSource.query(
      `SELECT key_id FROM ${this.table} WHERE customer_ref = $1 ORDER BY created_at, key_id`,
      [customerRef],
    );
    return rows.map((row) => row.key_id);
  }

  async destroy(keyIds: readonly string[], customerRef: string): Promise<void> {
    if (keyIds.length === 0) return;
    // A key this database never had (a dump older than the key) is recorded destroyed all the same.
    await this.dataSource.query(
      `INSERT INTO ${this.table} AS k (key_id, customer_ref, wrapped_key, master_key_id, destroyed_at)
       SELECT id, $2, NULL, '', now() FROM unnest($1::uuid[]) AS id
       ON CONFLICT (key_id) DO UPDATE
         SET wrapped_key = NULL, destroyed_at = COALESCE(k.destroyed_at, now())`,
      [keyIds, customerRef],
    );
  }
}
