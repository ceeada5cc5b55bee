import { describe, expect, it } from '@jest/globals';
import type { PromptChunk } from '@support/policy';
import { answerText } from './answer-text.js';
import { SENTENCE_MIN_SCORE, selectAnswer } from './select-answer.js';

const RETURNS: PromptChunk = {
  chunkId: 'returns#3',
  title: 'Returns',
  lang: 'en',
  text:
    'Items that cannot be returned\n\n- Lingerie and sleepwear\n- Swimwear and burkinis\n' +
    '- Fragrances once the seal is opened',
};
const CONDITIONS: PromptChunk = {
  chunkId: 'returns#2',
  title: 'Returns',
  lang: 'en',
  text:
    'Return window\n\nYou can return items within 21 days. Returned items must be unworn. ' +
    'Items with perfume marks are refused.',
};
const PHOTOS: PromptChunk = {
  chunkId: 'damaged#2',
  title: 'Damaged items',
  lang: 'en',
  text:
    'Photos we need\n\nAttach at least 3 clear photos:\n\n1. the item, showing the damage;\n' +
    '2. the product label;\n3. the shipping label.\n\nKeep the packaging until we close the case.',
};
const AR_RETURNS: PromptChunk = {
  chunkId: 'ar-returns#3',
  title: 'الإرجاع',
  lang: 'ar',
  text: 'منتجات لا يمكن إرجاعها\n\n- الملابس الداخلية\n- ملابس السباحة',
};

const reply = (question: string, chunks: PromptChunk[]) => {
  const { picked, scored } = selectAnswer(question, chunks);
  return answerText(picked, scored, chunks, SENTENCE_MIN_SCORE);
};

describe('answerText', () => {
  it('shows a list item under what it is a list of', () => {
    expect(reply('Can I return a swimsuit?', [RETURNS, CONDITIONS])).toBe(
      'Items that cannot be returned: Swimwear and burkinis [returns#3]',
    );
  });

  it('shows the list under a heading that answers', () => {
    expect(reply('Which items cannot be returned?', [RETURNS])).toBe(
      'Items that cannot be returned: Lingerie and sleepwear; Swimwear and burkinis; ' +
        'Fragrances once the seal is opened [returns#3]',
    );
  });

  it('shows the whole list when its lead-in answers too, without the bare heading', () => {
    expect(reply('What photos do you need?', [PHOTOS])).toBe(
      'Attach at least 3 clear photos: the item, showing the damage; the product label; ' +
        'the shipping label [damaged#2]',
    );
  });

  it('joins Arabic items with a comma, which the citation check does not cut at', () => {
    expect(reply('ما المنتجات اللي ما ينفع ارجعها؟', [AR_RETURNS])).toBe(
      'منتجات لا يمكن إرجاعها: الملابس الداخلية، ملابس السباحة [ar-returns#3]',
    );
  });

  it('cites each sentence on a line of its own when list items hold more than one', () => {
    const cash: PromptChunk = {
      chunkId: 'refunds#3',
      title: 'Refunds',
      lang: 'en',
      text:
        'Refunds for cash on delivery orders\n\nFor a cash order, choose one of:\n\n' +
        '- Store credit: added within 1 working day. It does not expire.\n' +
        '- Bank transfer: send an IBAN in your name. It arrives within 5 working days.',
    };
    expect(reply('I paid cash on delivery, how do I get my refund?', [cash])).toBe(
      [
        'For a cash order, choose one of: [refunds#3]',
        'Store credit: added within 1 working day. [refunds#3]',
        'It does not expire [refunds#3]',
        'Bank transfer: send an IBAN in your name. [refunds#3]',
        'It arrives within 5 working days [refunds#3]',
      ].join('\n'),
    );
  });

  it('quotes a sentence outside any list as it is', () => {
    const { picked, scored } = selectAnswer('How long do I keep the packaging?', [PHOTOS]);
    expect(answerText(picked, scored, [PHOTOS], SENTENCE_MIN_SCORE)).toBe(
      picked.map((s) => `${s.text} [${s.chunkId}]`).join('\n'),
    );
  });
});
