import { describe, expect, it } from '@jest/globals';
import { isSealed } from '@support/contracts';
import { openReply, sealReply } from './reply.js';
import { inMemoryPersonalData } from './testing/index.js';

const reply = {
  text: 'Hello Sara, order ORD-1001 ships today.',
  draft: 'Hello Sara, order ORD-1001 ships today [shipping#1].',
  validation: {
    passed: false,
    sentences: [
      { text: 'Hello Sara.', factual: false, citations: [], ok: true },
      {
        text: 'Order ORD-1001 ships today.',
        factual: true,
        citations: ['shipping#1'],
        ok: false,
        problem: 'unsupported words: ORD-1001',
      },
    ],
  },
};

describe('a reply’s personal fields', () => {
  it('are sealed one by one (text, draft, each sentence and its problem) and open again', async () => {
    const personalData = inMemoryPersonalData();
    const sealed = await sealReply(personalData, 'customer-1', reply);
    const values = [
      sealed.text,
      sealed.draft,
      ...sealed.validation!.sentences.flatMap((s) => [s.text, s.problem ?? '']),
    ].filter((value) => value !== '');
    expect(values).toHaveLength(5);
    expect(values.every(isSealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain('ORD-1001');
    expect(sealed.validation!.sentences[1]!.citations).toEqual(['shipping#1']);
    expect(await openReply(personalData, sealed)).toEqual({ ...reply, erased: false });
  });

  it('open as [erased] once the customer is forgotten, and a reply without a draft stays without', async () => {
    const personalData = inMemoryPersonalData();
    const sealed = await sealReply(personalData, 'customer-1', { text: 'Hi' });
    expect(sealed).toEqual({ text: expect.any(String) });
    await personalData.forget('customer-1');
    expect(await openReply(personalData, sealed)).toEqual({ text: '[erased]', erased: true });
  });
});
