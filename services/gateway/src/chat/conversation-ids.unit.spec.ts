import { describe, expect, it } from '@jest/globals';
import { isUUID } from 'class-validator';
import { CONVERSATION_ID, SignedConversationIds } from './conversation-ids.js';

describe('SignedConversationIds', () => {
  const ids = new SignedConversationIds('conversation-ids-secret-conversation-ids');

  it('issues distinct UUIDs that a hello frame accepts', () => {
    const issued = Array.from({ length: 50 }, () => ids.issue('cust-1001'));
    expect(new Set(issued).size).toBe(50);
    for (const id of issued) {
      expect(isUUID(id, 4)).toBe(true);
      expect(id).toMatch(CONVERSATION_ID);
    }
  });

  it('knows an id was issued to its customer, and to no one else', () => {
    const id = ids.issue('cust-1001');
    expect(ids.issuedTo(id, 'cust-1001')).toBe(true);
    expect(ids.issuedTo(id, 'cust-1002')).toBe(false);
    expect(
      new SignedConversationIds('another-secret-another-secret-another').issuedTo(id, 'cust-1001'),
    ).toBe(false);
  });

  it('refuses ids it did not issue: random UUIDs, a changed digit, anything else', () => {
    expect(ids.issuedTo(crypto.randomUUID(), 'cust-1001')).toBe(false);
    const id = ids.issue('cust-1001');
    // Each digit is changed to another one: the first and last characters may be equal.
    const other = (digit: string) => (digit === '0' ? '1' : '0');
    expect(ids.issuedTo(`${id.slice(0, -1)}${other(id.at(-1)!)}`, 'cust-1001')).toBe(false);
    expect(ids.issuedTo(`${other(id[0]!)}${id.slice(1)}`, 'cust-1001')).toBe(false);
    for (const bad of ['', 'not-a-uuid', `${id}0`])
      expect(ids.issuedTo(bad, 'cust-1001')).toBe(false);
  });

  it('refuses another spelling of its own id: ids are compared byte for byte everywhere', () => {
    const id = ids.issue('cust-1001');
    const respelled = id.replace(/[a-f]/, (letter) => letter.toUpperCase());
    expect(respelled).not.toBe(id);
    expect(ids.issuedTo(respelled, 'cust-1001')).toBe(false);
    expect(ids.issuedTo(id.toUpperCase(), 'cust-1001')).toBe(false);
    expect(respelled).not.toMatch(CONVERSATION_ID);
  });
});
