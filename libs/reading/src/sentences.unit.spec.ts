import { describe, expect, it } from '@jest/globals';
import { splitSentences } from './sentences.js';

describe('splitSentences', () => {
  it('splits English and Arabic sentences and keeps them verbatim', () => {
    const text =
      'Returns take 14 days. Refunds cost 1.5 SAR! Really? يمكنك الإرجاع؟ نعم؛ خلال 14 يومًا.';
    expect(splitSentences(text)).toEqual([
      'Returns take 14 days.',
      'Refunds cost 1.5 SAR!',
      'Really?',
      'يمكنك الإرجاع؟',
      'نعم؛',
      'خلال 14 يومًا.',
    ]);
    for (const sentence of splitSentences(text)) expect(text).toContain(sentence);
  });

  it('splits at line breaks and drops list markers and empty pieces', () => {
    expect(splitSentences('Options:\n- Card payment\n2. Cash on delivery\n\n...')).toEqual([
      'Options:',
      'Card payment',
      'Cash on delivery',
    ]);
  });
});
