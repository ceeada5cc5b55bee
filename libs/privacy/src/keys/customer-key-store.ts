/** A customer's data key as stored: wrapped by the master key, or gone once destroyed. */
export interface StoredDataKey {
  readonly keyId: string;
  /** The customer's reference (an HMAC of their id under the master key), never the id itself. */
  readonly customerRef: string;
  /** The data key sealed by the master key (iv | tag | ciphertext); null once destroyed. */
  readonly wrappedKey: Buffer | null;
  /** {@link masterKeyId} of the master key that wrapped it. */
  readonly masterKeyId: string;
}

/** Where data keys live: outside the event log, so destroying one forgets what it sealed. */
export interface CustomerKeyStore {
  /** The customer's live key, storing `created` as it when the customer has none. */
  liveKeyOf(customerRef: string, created: StoredDataKey): Promise<StoredDataKey>;
  byId(keyId: string): Promise<StoredDataKey | null>;
  /** Every key id the customer ever had, live or destroyed, oldest first. */
  keyIdsOf(customerRef: string): Promise<string[]>;
  /** Destroys these keys for good (a key already destroyed, or unknown, is recorded destroyed). */
  destroy(keyIds: readonly string[], customerRef: string): Promise<void>;
}
