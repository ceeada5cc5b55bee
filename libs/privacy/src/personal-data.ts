import { randomBytes, randomUUID } from 'node:crypto';
import {
  formatSealed,
  isLegacyPlain,
  PROVIDER_MESSAGE_REF_VERSION,
  isSealed,
  parseSealed,
  readLegacyPlain,
  SEALED_VERSION,
} from '@support/contracts';
import { gcmOpen, gcmSeal, IV_BYTES, TAG_BYTES } from './aes-gcm.js';
import type { CustomerKeyStore, StoredDataKey } from './keys/customer-key-store.js';
import { masterKeyId } from './master-key.js';
import { masterKeyRef } from './master-key-ref.js';
import { type Opened, SealBroken, textOrErased } from './opened.js';

const DATA_KEY_BYTES = 32;

interface CachedKey {
  readonly keyId: string;
  readonly key: Buffer;
  readonly until: number;
}

export interface PersonalDataOptions {
  /** How long an unwrapped key stays in memory; another process forgets late by at most this. */
  readonly cacheMs?: number;
  readonly now?: () => number;
}

/** What forgetting a customer destroyed: the keys, by id (what a restore re-applies). */
export interface ForgottenKeys {
  readonly customerRef: string;
  readonly keyIds: readonly string[];
}

/**
 * Seals a customer's personal fields under their own data key and opens them again. Data keys are
 * made on a customer's first sealed value and stored wrapped by the master key; forgetting the
 * customer destroys them, after which every value they sealed opens as `erased`, wherever it is.
 */
export class PersonalData {
  private readonly masterKeyId: string;
  private readonly cacheMs: number;
  private readonly now: () => number;
  private readonly liveKeys = new Map<string, CachedKey>();
  private readonly keysById = new Map<string, CachedKey | 'destroyed'>();

  constructor(
    private readonly store: CustomerKeyStore,
    private readonly masterKey: Buffer,
    options: PersonalDataOptions = {},
  ) {
    this.masterKeyId = masterKeyId(masterKey);
    this.cacheMs = options.cacheMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The customer's reference in the key store: an HMAC of their id under the master key, so the
   * key table names no customer, and a dump of it cannot be joined to one without the master key.
   */
  customerRef(customerId: string): string {
    return masterKeyRef(this.masterKey, 'customer', customerId).toString('hex');
  }

  /**
   * What the log carries for a channel's message id (WhatsApp's `wamid.…` encodes the customer's
   * number): `wam1.<HMAC, base64url>` under the master key. The same id always gives the same
   * reference, so retries still deduplicate and status callbacks still find their message; only
   * the adapter's own tables, deleted with the customer, hold the id itself.
   */
  providerMessageRef(providerMessageId: string): string {
    const digest = masterKeyRef(this.masterKey, 'provider-message', providerMessageId);
    return `${PROVIDER_MESSAGE_REF_VERSION}.${digest.toString('base64url')}`;
  }

  async sealText(customerId: string, text: string): Promise<string> {
    return this.seal(customerId, Buffer.from(text, 'utf8'));
  }

  /** Binary data (a photo's bytes), sealed as they are. */
  async sealBytes(customerId: string, bytes: Buffer): Promise<string> {
    return this.seal(customerId, bytes);
  }

  /**
   * Seals text under the key that sealed `sibling`, another value of the same customer: for a
   * service that passes on what a customer wrote without knowing who they are (retrieval hands the
   * query on to the reranker). `erased` when that key was destroyed; null when `sibling` is an
   * upcast plaintext (`pd0`), which names no key.
   */
  async sealTextBeside(sibling: string, text: string): Promise<Opened<string> | null> {
    if (isLegacyPlain(sibling)) return null;
    const parts = parseSealed(sibling);
    if (!parts) throw new SealBroken('not a sealed value');
    const key = await this.keyById(parts.keyId);
    if (key === 'destroyed') return { kind: 'erased' };
    return { kind: 'open', value: sealWithKey(key, parts.keyId, Buffer.from(text, 'utf8')) };
  }

  async openText(value: string): Promise<Opened<string>> {
    const legacy = readLegacyPlain(value);
    if (legacy !== null) return { kind: 'open', value: legacy };
    const opened = await this.open(value);
    return opened.kind === 'open' ? { kind: 'open', value: opened.value.toString('utf8') } : opened;
  }

  /** Binary data; an upcast version-1 photo (`pd0`) wraps the base64 its event carried. */
  async openBytes(value: string): Promise<Opened<Buffer>> {
    if (isLegacyPlain(value))
      return { kind: 'open', value: Buffer.from(readLegacyPlain(value)!, 'base64') };
    return this.open(value);
  }

  /**
   * A stored field as a person reads it: a sealed value opened (or {@link ERASED_TEXT}), any other
   * text as it is (what the shop and its assistant wrote is not sealed).
   */
  async readable(value: string): Promise<string> {
    if (!isSealed(value) && !isLegacyPlain(value)) return value;
    return textOrErased(await this.openText(value));
  }

  /** Destroys every data key the customer ever had; idempotent. */
  async forget(customerId: string): Promise<ForgottenKeys> {
    const customerRef = this.customerRef(customerId);
    const forgotten = { customerRef, keyIds: await this.store.keyIdsOf(customerRef) };
    await this.destroyKeys(forgotten);
    return forgotten;
  }

  /** Destroys keys by id: a restore of an older database re-applying what was forgotten since. */
  async destroyKeys(forgotten: ForgottenKeys): Promise<void> {
    await this.store.destroy(forgotten.keyIds, forgotten.customerRef);
    this.liveKeys.delete(forgotten.customerRef);
    for (const keyId of forgotten.keyIds) this.keysById.set(keyId, 'destroyed');
  }

  private async seal(customerId: string, plaintext: Buffer): Promise<string> {
    const { keyId, key } = await this.liveKeyOf(this.customerRef(customerId));
    return sealWithKey(key, keyId, plaintext);
  }

  private async open(value: string): Promise<Opened<Buffer>> {
    const parts = parseSealed(value);
    if (!parts) throw new SealBroken('not a sealed value');
    const key = await this.keyById(parts.keyId);
    if (key === 'destroyed') return { kind: 'erased' };
    try {
      return {
        kind: 'open',
        value: gcmOpen(
          key,
          {
            iv: Buffer.from(parts.iv, 'base64url'),
            tag: Buffer.from(parts.tag, 'base64url'),
            ciphertext: Buffer.from(parts.ciphertext, 'base64url'),
          },
          `${SEALED_VERSION}.${parts.keyId}`,
        ),
      };
    } catch {
      throw new SealBroken(`key ${parts.keyId} does not open it (changed bytes)`);
    }
  }

  private async liveKeyOf(customerRef: string): Promise<{ keyId: string; key: Buffer }> {
    const cached = this.liveKeys.get(customerRef);
    if (cached && cached.until > this.now()) return cached;
    const fresh = randomBytes(DATA_KEY_BYTES);
    const keyId = randomUUID();
    const stored = await this.store.liveKeyOf(customerRef, {
      keyId,
      customerRef,
      wrappedKey: this.wrap(fresh, keyId, customerRef),
      masterKeyId: this.masterKeyId,
    });
    const key = stored.keyId === keyId ? fresh : this.unwrap(stored);
    const entry = { keyId: stored.keyId, key, until: this.now() + this.cacheMs };
    this.liveKeys.set(customerRef, entry);
    this.keysById.set(stored.keyId, entry);
    return entry;
  }

  /** The unwrapped key, or 'destroyed' when it was destroyed or never existed here. */
  private async keyById(keyId: string): Promise<Buffer | 'destroyed'> {
    const cached = this.keysById.get(keyId);
    if (cached === 'destroyed') return cached;
    if (cached && cached.until > this.now()) return cached.key;
    const stored = await this.store.byId(keyId);
    // No row: the key was made after the database this reads was dumped, and a restore that
    // re-applied the forgotten list recorded it; or it was never stored. Either way nothing opens it.
    if (!stored || stored.wrappedKey === null) {
      this.keysById.set(keyId, 'destroyed');
      return 'destroyed';
    }
    const key = this.unwrap(stored);
    this.keysById.set(keyId, { keyId, key, until: this.now() + this.cacheMs });
    return key;
  }

  private wrap(key: Buffer, keyId: string, customerRef: string): Buffer {
    return wrapDataKey(this.masterKey, key, keyId, customerRef);
  }

  private unwrap(stored: StoredDataKey): Buffer {
    if (stored.masterKeyId !== this.masterKeyId)
      throw new SealBroken(
        `key ${stored.keyId} is wrapped by master key ${stored.masterKeyId}, not this one (${this.masterKeyId})`,
      );
    const wrapped = stored.wrappedKey!;
    return gcmOpen(
      this.masterKey,
      {
        iv: wrapped.subarray(0, IV_BYTES),
        tag: wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES),
        ciphertext: wrapped.subarray(IV_BYTES + TAG_BYTES),
      },
      `${stored.keyId}.${stored.customerRef}`,
    );
  }
}

/** A data key sealed by the master key (iv | tag | ciphertext), bound to its id and customer. */
export function wrapDataKey(
  masterKey: Buffer,
  key: Buffer,
  keyId: string,
  customerRef: string,
): Buffer {
  const sealed = gcmSeal(masterKey, key, `${keyId}.${customerRef}`);
  return Buffer.concat([sealed.iv, sealed.tag, sealed.ciphertext]);
}

/** Seals with a known data key, without a store: for fixtures that must build events at once. */
export function sealWithKey(key: Buffer, keyId: string, plaintext: Buffer): string {
  const sealed = gcmSeal(key, plaintext, `${SEALED_VERSION}.${keyId}`);
  return formatSealed({
    keyId,
    iv: sealed.iv.toString('base64url'),
    tag: sealed.tag.toString('base64url'),
    ciphertext: sealed.ciphertext.toString('base64url'),
  });
}
