import { randomBytes } from 'node:crypto';
import { PersonalData } from '../personal-data.js';
import { InMemoryCustomerKeyStore } from './in-memory-customer-key-store.js';

export { InMemoryCustomerKeyStore } from './in-memory-customer-key-store.js';

/** Personal data over an in-memory key store and a random master key, for unit tests. */
export function inMemoryPersonalData(): PersonalData {
  return new PersonalData(new InMemoryCustomerKeyStore(), randomBytes(32));
}
