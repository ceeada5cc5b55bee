import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { isProviderMessageRef } from '@support/contracts';
import { PersonalData } from './personal-data.js';
import { InMemoryCustomerKeyStore } from './testing/in-memory-customer-key-store.js';

const withKey = (masterKey: Buffer) => new PersonalData(new InMemoryCustomerKeyStore(), masterKey);

/** A wamid as Meta makes them: base64 of a record holding the sender's number. */
const phone = '966551234567';
const wamidOf = (suffix: string) =>
  `wamid.${Buffer.from(`\u0015\u0002\u0000\u0012\u0018\f${phone}\u0015${suffix}`).toString('base64')}`;

describe('PersonalData.providerMessageRef', () => {
  const masterKey = randomBytes(32);
  const data = withKey(masterKey);

  it('is deterministic: the same id (a retry, a status callback) gives the same reference', () => {
    const wamid = wamidOf('3EB0C767D26A1D6E4D3C');
    expect(data.providerMessageRef(wamid)).toBe(data.providerMessageRef(wamid));
    expect(withKey(masterKey).providerMessageRef(wamid)).toBe(data.providerMessageRef(wamid));
    expect(isProviderMessageRef(data.providerMessageRef(wamid))).toBe(true);
  });

  it('differs for each id, even of the same number', () => {
    const refs = new Set(
      ['3EB0C767D26A1D6E4D3C', '3EB0C767D26A1D6E4D3D', 'A1', ''].map((s) =>
        data.providerMessageRef(wamidOf(s)),
      ),
    );
    expect(refs.size).toBe(4);
  });

  it('holds neither the id nor the number, in any encoding', () => {
    const wamid = wamidOf('3EB0C767D26A1D6E4D3C');
    const ref = data.providerMessageRef(wamid);
    const body = wamid.slice('wamid.'.length);
    const decoded = Buffer.from(ref.slice('wam1.'.length), 'base64url').toString('latin1');
    for (const secret of [wamid, body, phone, phone.slice(3)])
      for (const form of [
        secret,
        Buffer.from(secret).toString('base64'),
        Buffer.from(secret).toString('base64url'),
      ]) {
        expect(ref).not.toContain(form);
        expect(decoded).not.toContain(form);
      }
  });

  it('needs the master key: another key gives another reference', () => {
    const wamid = wamidOf('3EB0C767D26A1D6E4D3C');
    expect(withKey(randomBytes(32)).providerMessageRef(wamid)).not.toBe(
      data.providerMessageRef(wamid),
    );
    // A plain hash of the id, or an HMAC under no key, is not it.
    expect(data.providerMessageRef(wamid)).not.toBe(
      `wam1.${createHmac('sha256', Buffer.alloc(0)).update(`provider-message:${wamid}`).digest('base64url')}`,
    );
  });

  it('shares the derivation with the customer reference, in separate domains', () => {
    // The customer reference keeps its bytes: the key table's rows are found by it.
    expect(data.customerRef('cust-1')).toBe(
      createHmac('sha256', masterKey).update('customer:cust-1').digest('hex'),
    );
    expect(data.providerMessageRef('cust-1').slice('wam1.'.length)).not.toBe(
      Buffer.from(data.customerRef('cust-1'), 'hex').toString('base64url'),
    );
  });
});
