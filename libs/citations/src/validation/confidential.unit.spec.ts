import { describe, expect, it } from '@jest/globals';
import { validateReply } from './validate-reply.js';

const SYSTEM_PROMPT = [
  'You are the customer support assistant of an online fashion shop.',
  'Never invent a policy, price, date, duration, percentage or promise.',
  'Put the id of the chunk after every factual sentence, for example: Returns are accepted within 14 days. [returns-policy#2]',
].join('\n');
const chunks = [
  { chunkId: 'delivery#1', text: 'Delivery to Muscat takes 3–4 working days.' },
  {
    chunkId: 'returns#2',
    text: 'Returns are accepted within 14 days of delivery, for example for a wrong size.',
  },
];
const confidential = [SYSTEM_PROMPT];

describe('validateReply with confidential texts', () => {
  it('fails sentences that repeat the system prompt, cited or not, across sentence breaks', () => {
    const verdict = validateReply(
      'You are the customer support assistant of an online fashion shop [delivery#1].\n' +
        'Never invent a policy, price [delivery#1]. Date, duration, percentage or promise [delivery#1].\n' +
        'Delivery to Muscat takes 3–4 working days. [delivery#1]',
      chunks,
      { confidential },
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences.map((s) => s.problem)).toEqual([
      'confidential_text',
      'confidential_text',
      'confidential_text',
      undefined,
    ]);
  });

  it('fails a repeat with zero-width and full-width characters inside its words', () => {
    // Every word of the run is also in the cited chunk (out of order), so only the confidential
    // check can fail it, and only if it reads the words as the customer sees them.
    const shuffled = {
      chunkId: 'shop#1',
      text: 'The shop is an online fashion shop. Our assistant answers customer support questions: you are welcome.',
    };
    const verdict = validateReply(
      'You a\u200Bre the cus\u200Ctomer sup\u200Dport assi\uFEFFstant of an on\u00ADline ｆａｓｈｉｏｎ shop [shop#1].',
      [shuffled],
      { confidential },
    );
    expect(verdict.sentences.map((s) => s.problem)).toEqual(['confidential_text']);
  });

  it('passes an answer that shares fewer words in a row, or words a chunk also says', () => {
    expect(
      validateReply('Delivery to Muscat takes 3–4 working days. [delivery#1]', chunks, {
        confidential,
      }).passed,
    ).toBe(true);
    expect(
      validateReply('Returns are accepted within 14 days of delivery. [returns#2]', chunks, {
        confidential,
      }).passed,
    ).toBe(true);
  });
});
