import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { isSealed, legacyPlain, parseSealed, sealedLengthFor } from '@support/contracts';
import { PersonalData } from './personal-data.js';
import { masterKeyOf } from './master-key.js';
import { SealBroken, textOrErased } from './opened.js';
import { InMemoryCustomerKeyStore } from './testing/in-memory-customer-key-store.js';

const words = 'My phone is +966 55 123 4567, order ORD-1001, حي النرجس';

function personalData(store = new InMemoryCustomerKeyStore(), masterKey = randomBytes(32)) {
  return { store, data: new PersonalData(store, masterKey), masterKey };
}

describe('PersonalData', () => {
  it('seals text into the versioned format and opens it again', async () => {
    const { data } = personalData();
    const sealed = await data.sealText('customer-1', words);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('966');
    expect(await data.openText(sealed)).toEqual({ kind: 'open', value: words });
  });

  it('seals bytes, and never seals the same text to the same value twice', async () => {
    const { data } = personalData();
    const photo = randomBytes(500);
    const sealed = await data.sealBytes('customer-1', photo);
    const opened = await data.openBytes(sealed);
    expect(opened.kind === 'open' && opened.value.equals(photo)).toBe(true);
    expect(await data.sealText('customer-1', 'x')).not.toEqual(
      await data.sealText('customer-1', 'x'),
    );
  });

  it('keeps one key per customer, a different one for each customer', async () => {
    const { data } = personalData();
    const a1 = parseSealed(await data.sealText('a', 'one'))!.keyId;
    const a2 = parseSealed(await data.sealText('a', 'two'))!.keyId;
    const b = parseSealed(await data.sealText('b', 'three'))!.keyId;
    expect(a1).toBe(a2);
    expect(b).not.toBe(a1);
  });

  it('stores each data key wrapped and names no customer in the store', async () => {
    const { data, store } = personalData();
    await data.sealText('customer-1', words);
    const [stored] = [...store.keys.values()];
    expect(stored!.customerRef).toBe(data.customerRef('customer-1'));
    expect(stored!.customerRef).not.toContain('customer-1');
    expect(stored!.wrappedKey!.length).toBe(12 + 16 + 32);
  });

  it('opens as erased once the customer is forgotten, in this process and in another', async () => {
    const store = new InMemoryCustomerKeyStore();
    const masterKey = randomBytes(32);
    const writer = new PersonalData(store, masterKey);
    const reader = new PersonalData(store, masterKey);
    const sealed = await writer.sealText('customer-1', words);
    const other = await writer.sealText('customer-2', 'kept');
    const forgotten = await writer.forget('customer-1');
    expect(forgotten.keyIds).toEqual([parseSealed(sealed)!.keyId]);
    expect(await writer.openText(sealed)).toEqual({ kind: 'erased' });
    expect(await reader.openText(sealed)).toEqual({ kind: 'erased' });
    expect(textOrErased(await reader.openText(sealed))).toBe('[erased]');
    expect(await reader.openText(other)).toEqual({ kind: 'open', value: 'kept' });
  });

  it('gives a forgotten customer who writes again a new key', async () => {
    const { data } = personalData();
    const before = await data.sealText('customer-1', 'old');
    await data.forget('customer-1');
    const after = await data.sealText('customer-1', 'new');
    expect(parseSealed(after)!.keyId).not.toBe(parseSealed(before)!.keyId);
    expect(await data.openText(after)).toEqual({ kind: 'open', value: 'new' });
    expect((await data.forget('customer-1')).keyIds).toHaveLength(2);
  });

  it('refuses a changed byte or another master key as broken, not erased', async () => {
    const { data, store } = personalData();
    const sealed = await data.sealText('customer-1', words);
    const changed = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    await expect(data.openText(changed)).rejects.toBeInstanceOf(SealBroken);
    await expect(data.openText('plain words')).rejects.toBeInstanceOf(SealBroken);
    const otherMaster = new PersonalData(store, randomBytes(32));
    await expect(otherMaster.openText(sealed)).rejects.toThrow(/wrapped by master key/);
  });

  it('opens an old event’s plaintext as an upcaster wrapped it', async () => {
    const { data } = personalData();
    expect(await data.openText(legacyPlain(words))).toEqual({ kind: 'open', value: words });
    const photo = randomBytes(40);
    const opened = await data.openBytes(legacyPlain(photo.toString('base64')));
    expect(opened.kind === 'open' && opened.value.equals(photo)).toBe(true);
  });

  it('stays within the length its contract allows', async () => {
    const { data } = personalData();
    const longest = '🙂'.repeat(500) + 'ع'.repeat(1000);
    expect((await data.sealText('c', longest)).length).toBeLessThanOrEqual(sealedLengthFor(2000));
  });
});

describe('masterKeyOf', () => {
  it('takes the configured key, the development key outside production, none in production', () => {
    const key = randomBytes(32);
    expect(masterKeyOf({ NODE_ENV: 'production', PERSONAL_DATA_MASTER_KEY: key })).toBe(key);
    expect(masterKeyOf({ NODE_ENV: 'test', PERSONAL_DATA_MASTER_KEY: undefined })).toHaveLength(32);
    expect(() =>
      masterKeyOf({ NODE_ENV: 'production', PERSONAL_DATA_MASTER_KEY: undefined }),
    ).toThrow(/PERSONAL_DATA_MASTER_KEY/);
  });
});

describe('PersonalData.sealTextBeside', () => {
  it('seals under the key of another value of the same customer, without knowing who', async () => {
    const { data } = personalData();
    const query = await data.sealText('customer-1', 'my order ORD-1001');
    const beside = await data.sealTextBeside(query, 'order ORD-1001 translated');
    expect(beside?.kind).toBe('open');
    const sealed = beside!.kind === 'open' ? beside!.value : '';
    expect(parseSealed(sealed)!.keyId).toBe(parseSealed(query)!.keyId);
    expect(await data.openText(sealed)).toEqual({
      kind: 'open',
      value: 'order ORD-1001 translated',
    });
  });

  it('is erased once that customer is forgotten, and names no key beside an upcast plaintext', async () => {
    const { data } = personalData();
    const query = await data.sealText('customer-1', 'words');
    await data.forget('customer-1');
    expect(await data.sealTextBeside(query, 'more words')).toEqual({ kind: 'erased' });
    expect(await data.sealTextBeside(legacyPlain('old words'), 'more words')).toBeNull();
    await expect(data.sealTextBeside('not sealed', 'x')).rejects.toThrow(SealBroken);
  });
});
