import type { CustomerKeyStore, StoredDataKey } from '../keys/customer-key-store.js';

/** The key store in memory, for unit tests: the same contract as the Postgres one. */
export class InMemoryCustomerKeyStore implements CustomerKeyStore {
  readonly keys = new Map<string, StoredDataKey>();

  async liveKeyOf(customerRef: string, created: StoredDataKey): Promise<StoredDataKey> {
    const live = [...this.keys.values()].find(
      (key) => key.customerRef === customerRef && key.wrappedKey !== null,
    );
    if (live) return live;
    this.keys.set(created.keyId, created);
    return created;
  }

  async byId(keyId: string): Promise<StoredDataKey | null> {
    return this.keys.get(keyId) ?? null;
  }

  async keyIdsOf(customerRef: string): Promise<string[]> {
    return [...this.keys.values()]
      .filter((key) => key.customerRef === customerRef)
      .map((key) => key.keyId);
  }

  async destroy(keyIds: readonly string[], customerRef: string): Promise<void> {
    for (const keyId of keyIds)
      this.keys.set(keyId, {
        keyId,
        customerRef,
        wrappedKey: null,
        masterKeyId: this.keys.get(keyId)?.masterKeyId ?? '',
      });
  }
}
