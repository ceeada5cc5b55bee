import { createHash, randomBytes } from 'node:crypto';
import { loadConfig } from '@support/platform';
import type { DataSource } from 'typeorm';
import { PostgresCustomerKeyStore } from '../keys/postgres-customer-key-store.js';
import { masterKeyId, masterKeyOf, privacyEnv } from '../master-key.js';
import { PersonalData, sealWithKey, wrapDataKey } from '../personal-data.js';
import { InMemoryCustomerKeyStore } from './in-memory-customer-key-store.js';

export { InMemoryCustomerKeyStore } from './in-memory-customer-key-store.js';

/** Personal data over an in-memory key store and a random master key, for unit tests. */
export function inMemoryPersonalData(): PersonalData {
  return new PersonalData(new InMemoryCustomerKeyStore(), randomBytes(32));
}

/** The one data key of fixtures that build events synchronously ({@link sealForTests}). */
export const FIXTURE_KEY_ID = '00000000-0000-4000-8000-00000000f1c5';
const FIXTURE_KEY = createHash('sha256').update('fixture data key').digest();
const FIXTURE_CUSTOMER_REF = 'fixtures';

/** `text` sealed under the fixtures' key: a valid personal field for an event built in a test. */
export function sealForTests(text: string): string {
  return sealWithKey(FIXTURE_KEY, FIXTURE_KEY_ID, Buffer.from(text, 'utf8'));
}

/** Bytes sealed under the fixtures' key. */
export function sealBytesForTests(bytes: Buffer): string {
  return sealWithKey(FIXTURE_KEY, FIXTURE_KEY_ID, bytes);
}

/**
 * Personal data whose store holds the fixtures' key (so it opens {@link sealForTests} values) and
 * makes real keys for everything else, in memory.
 */
export function fixturePersonalData(): PersonalData {
  const masterKey = randomBytes(32);
  const store = new InMemoryCustomerKeyStore();
  store.keys.set(FIXTURE_KEY_ID, {
    keyId: FIXTURE_KEY_ID,
    customerRef: FIXTURE_CUSTOMER_REF,
    wrappedKey: wrapDataKey(masterKey, FIXTURE_KEY, FIXTURE_KEY_ID, FIXTURE_CUSTOMER_REF),
    masterKeyId: masterKeyId(masterKey),
  });
  return new PersonalData(store, masterKey);
}

/**
 * Stores the fixtures' key in a service's test database, wrapped by the master key its
 * `PersonalData` reads from the environment (the development key in tests): the service then opens
 * what {@link sealForTests} sealed, so fixtures built synchronously read as their words.
 */
export async function storeFixtureKey(dataSource: DataSource): Promise<void> {
  const masterKey = masterKeyOf(loadConfig(privacyEnv));
  await new PostgresCustomerKeyStore(dataSource).liveKeyOf(FIXTURE_CUSTOMER_REF, {
    keyId: FIXTURE_KEY_ID,
    customerRef: FIXTURE_CUSTOMER_REF,
    wrappedKey: wrapDataKey(masterKey, FIXTURE_KEY, FIXTURE_KEY_ID, FIXTURE_CUSTOMER_REF),
    masterKeyId: masterKeyId(masterKey),
  });
}
