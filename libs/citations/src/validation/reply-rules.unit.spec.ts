import { describe, expect, it } from '@jest/globals';
import { validateReply, type ValidateReplyOptions } from './validate-reply.js';
import type { PromptChunk } from './verdict.js';

// Chunks as the retrieval service cuts them from the shipped kb/ (retail-returns.md,
// ar-retail-returns.md, payment-options.md).
const RETURNS_EN: PromptChunk = {
  chunkId: 'retail-returns#2',
  text:
    'Return window and conditions\n\nYou can return items within 21 days of the delivery date. ' +
    'Returned items must be unworn, unwashed and unaltered, with the original tags still attached ' +
    'and the Sanaa garment bag included. Shoes must come back in their original box. Items with ' +
    'make-up, perfume or deodorant marks are refused at inspection and sent back to you.',
};
const RETURNS_AR: PromptChunk = {
  chunkId: 'ar-retail-returns#2',
  text:
    'مهلة الإرجاع وشروطه\n\nيحق لك إرجاع المنتجات خلال 21 يوماً من تاريخ التسليم، بشرط أن تكون ' +
    'غير ملبوسة ولا مغسولة ولم يُجرَ عليها أي تعديل، وأن تبقى بطاقاتها الأصلية مثبّتة عليها مع كيس ' +
    'سناء الأصلي الخاص بالملابس. وتُعاد الأحذية في علبتها الأصلية.',
};
const PAYMENTS_EN: PromptChunk = {
  chunkId: 'payment-options#1',
  text:
    'Payment methods we accept\n\n- Visa and Mastercard credit and debit cards\n- Apple Pay\n\n' +
    'Card payments are confirmed with a one-time password from your bank (3-D Secure). The card ' +
    'is charged when you place the order, not when it ships.',
};
const CHUNKS = [RETURNS_EN, RETURNS_AR, PAYMENTS_EN];

/** The verdict of a one-sentence reply: its problem, or 'ok'. */
function problemOf(sentence: string, options: ValidateReplyOptions = {}): string {
  const verdict = validateReply(sentence, CHUNKS, options);
  expect(verdict.sentences).toHaveLength(1);
  return verdict.sentences[0]!.problem ?? 'ok';
}

const ZWSP = '\u200B';
const ZWNJ = '\u200C';
const ZWJ = '\u200D';

describe('validateReply: every cited sentence is supported by the words of its chunks', () => {
  it.each([
    [
      'English, verbatim',
      'You can return items within 21 days of the delivery date. [retail-returns#2]',
    ],
    [
      'English, reworded',
      'Items can be returned within 21 days of delivery if unworn with the original tags [retail-returns#2].',
    ],
    [
      'Arabic, verbatim',
      'يحق لك إرجاع المنتجات خلال 21 يوماً من تاريخ التسليم، بشرط أن تكون غير ملبوسة [ar-retail-returns#2].',
    ],
    [
      'Arabic, no diacritics, other digits',
      'وتعاد الاحذيه في علبتها الاصليه [ar-retail-returns#2].',
    ],
    [
      'mixed, citing both chunks',
      'يحق لك إرجاع المنتجات within 21 days if unworn [ar-retail-returns#2, retail-returns#2].',
    ],
    [
      'with zero-width characters inside words',
      `You can re${ZWSP}turn it${ZWJ}ems within 21 days of the deli${ZWNJ}very date [retail-returns#2].`,
    ],
    [
      "the writer's stance around a restated policy",
      'Unfortunately, please note that shoes must come back in their original box [retail-returns#2].',
    ],
    [
      "the writer's stance, in Arabic with a clitic",
      'وللأسف تعاد الأحذية في علبتها الأصلية [ar-retail-returns#2].',
    ],
  ])('passes %s', (_case, sentence) => {
    expect(problemOf(sentence)).toBe('ok');
  });

  it("holds the facts beside the writer's stance to the chunk", () => {
    expect(
      problemOf(
        'Good news: you can return items within 30 days of the delivery date [retail-returns#2].',
      ),
    ).toBe('unsupported_quantity: 30');
    expect(
      problemOf('Unfortunately, shoes never come back in their original box [retail-returns#2].'),
    ).toMatch(/^(unsupported_words|negation_mismatch)/);
  });

  it.each([
    [
      'the English offer against the real returns chunk',
      'Feel free to send back anything at any time and get your money back in full [retail-returns#2].',
      'unsupported_words: Feel, free, send, anything, any, time, get, money, full',
    ],
    [
      'the Arabic offer',
      'لا تتردد في إرجاع أي شيء في أي وقت واسترداد أموالك كاملة [ar-retail-returns#2].',
      'unsupported_words: تتردد, شيء, وقت, واسترداد, اموالك, كاملة',
    ],
    [
      'a mixed offer',
      'Feel free ترجع أي شيء any time [retail-returns#2, ar-retail-returns#2].',
      'unsupported_words: Feel, free, شيء, any, time',
    ],
    [
      'the offer with zero-width characters inside its words',
      `Fe${ZWSP}el fr${ZWJ}ee to se${ZWNJ}nd back any${ZWSP}thing at any time for your mo${ZWSP}ney back [retail-returns#2].`,
      'unsupported_words: Feel, free, send, anything, any, time, money',
    ],
    [
      'a claim the chunk does not make, in its own words',
      'Returned items are refunded in full at any time [retail-returns#2].',
      'unsupported_words: refunded, full, any, time',
    ],
    [
      'a sentence of stop words alone',
      'Yes, you can do that [retail-returns#2].',
      'unsupported_words: Yes',
    ],
  ])('fails %s', (_case, sentence, problem) => {
    expect(problemOf(sentence)).toBe(problem);
  });

  it('fails the outcome of a chunk sentence quoted without any of the conditions it sets', () => {
    expect(
      problemOf('يحق لك إرجاع المنتجات خلال 21 يوماً من تاريخ التسليم [ar-retail-returns#2].'),
    ).toBe('dropped_condition: condition.only_if');
  });

  it('fails a sentence that cites a chunk of another subject', () => {
    expect(problemOf('Shoes must come back in their original box [payment-options#1].')).toBe(
      'unsupported_words: Shoes, must, come, back, original, box',
    );
  });
});

describe('validateReply: requests for card data, passwords and one-time codes always fail', () => {
  it.each([
    ['English', 'Please share your full card number and CVV.'],
    ['English, cited', 'Please share your full card number and CVV [payment-options#1].'],
    ['English, one-time code', 'Reply with the code you received by SMS [payment-options#1].'],
    ['English, password', "What's your password?"],
    ['Gulf Arabic', 'ابعتلي رقم البطاقة لو سمحت.'],
    ['Egyptian Arabic', 'ابعت رقم البطاقة والرمز السري.'],
    ['Arabic, cited', 'زودنا برمز التحقق [ar-retail-returns#2].'],
    ['mixed', 'محتاج رقم البطاقة والـ CVV please.'],
    ['mixed, Arabic article on OTP', 'ابعتلي الـOTP اللي وصلك.'],
    [
      'English, zero-width inside the words',
      `Please send your C${ZWSP}V${ZWJ}V and pass${ZWNJ}word.`,
    ],
    ['Arabic, zero-width inside the words', `ابع${ZWNJ}ت الر${ZWSP}مز السر${ZWJ}ي.`],
    ['spelled out, full-width', 'Ｓｅｎｄ the O.T.P now.'],
  ])('%s', (_case, sentence) => {
    expect(problemOf(sentence)).toBe('secret_request');
  });

  it('passes a chunk sentence that only mentions a one-time password', () => {
    expect(
      problemOf(
        'Card payments are confirmed with a one-time password from your bank (3-D Secure). [payment-options#1]',
      ),
    ).toBe('ok');
  });
});

describe('validateReply: links go only to allowed hosts', () => {
  const sanaa: ValidateReplyOptions = { linkHosts: ['sanaa.example'] };

  it.each([
    [
      'an English URL',
      'Start your return at https://returns-sanaa.example.net/start [retail-returns#2].',
      'returns-sanaa.example.net',
    ],
    [
      'a bare domain',
      'You can return items at evil.example within 21 days [retail-returns#2].',
      'evil.example',
    ],
    [
      'an Arabic sentence with a www host',
      'يحق لك إرجاع المنتجات عبر www.evil.example خلال 21 يوماً [ar-retail-returns#2].',
      'www.evil.example',
    ],
    [
      'a mixed sentence with an e-mail address',
      'للإرجاع راسلنا على help@evil.example please.',
      'evil.example',
    ],
    [
      'zero-width characters inside the host',
      `Visit ev${ZWSP}il.exa${ZWJ}mple today.`,
      'evil.example',
    ],
    ['an ideographic full stop for a dot', 'Visit evil\u3002example today.', 'evil.example'],
    [
      'a look-alike of the allowed host (Cyrillic а)',
      'Visit s\u0430naa.example/returns.',
      'xn--snaa-53d.example',
    ],
    ['an IP address', 'Go to http://203.0.113.7/pay now.', '203.0.113.7'],
  ])('fails %s', (_case, sentence, host) => {
    expect(problemOf(sentence, sanaa)).toBe(`foreign_link: ${host}`);
  });

  it('passes the allowed host and its subdomains when the sentence is supported', () => {
    expect(
      problemOf(
        'You can return items within 21 days of the delivery date at https://www.sanaa.example/returns [retail-returns#2].',
        { linkHosts: ['Sanaa.Example'] },
      ),
    ).toBe('ok');
  });

  it('allows no host by default', () => {
    expect(problemOf('You can return items at sanaa.example [retail-returns#2].')).toBe(
      'foreign_link: sanaa.example',
    );
  });
});
