import { describe, expect, it } from '@jest/globals';
import { splitSentences } from './split-sentences.js';

describe('splitSentences', () => {
  it.each([
    [
      'English terminators',
      'Hi Sara! Returns are free. Do you have the receipt?',
      ['Hi Sara!', 'Returns are free.', 'Do you have the receipt?'],
    ],
    [
      'Arabic terminators ؟ and ؛',
      'مرحباً سارة! هل لديك رقم الطلب؟ الإرجاع مجاني؛ التوصيل خلال يومين.',
      ['مرحباً سارة!', 'هل لديك رقم الطلب؟', 'الإرجاع مجاني؛', 'التوصيل خلال يومين.'],
    ],
    [
      'line breaks',
      'Returns are free\nDelivery takes 2 days',
      ['Returns are free', 'Delivery takes 2 days'],
    ],
    ['Windows line breaks and blank lines', 'One\r\n\r\nTwo', ['One', 'Two']],
    ['a run of terminators', 'Really?! Yes... ok.', ['Really?!', 'Yes...', 'ok.']],
    [
      'a table row whose header asks',
      'Can you cancel?: Yes, free; What happens?: Full refund. Next one.',
      ['Can you cancel?: Yes, free; What happens?: Full refund.', 'Next one.'],
    ],
    [
      'closing quotes stay',
      'It says "final sale." Then go.',
      ['It says "final sale."', 'Then go.'],
    ],
    [
      'the end only, not an Arabic currency abbreviation',
      'رسوم التوصيل 7 ر.ع.، والتوصيل مجاني فوق 100 ر.س. شكراً.',
      ['رسوم التوصيل 7 ر.ع.، والتوصيل مجاني فوق 100 ر.س. شكراً.'],
    ],
  ])('splits at %s', (_case, text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });

  it('makes each list item a sentence, without its marker', () => {
    const reply = [
      'You have three options:',
      '- Store credit [a#1]',
      '* Exchange [a#2]',
      '• Refund of 1,500 SAR [a#3]',
      '1. First item',
      '2) Second item',
      '١. البند الأول',
      '٢- البند الثاني',
    ].join('\n');
    expect(splitSentences(reply)).toEqual([
      'You have three options:',
      'Store credit [a#1]',
      'Exchange [a#2]',
      'Refund of 1,500 SAR [a#3]',
      'First item',
      'Second item',
      'البند الأول',
      'البند الثاني',
    ]);
  });

  it('splits list items that hold several sentences', () => {
    expect(splitSentences('- Free returns. Refunds in 5 days.')).toEqual([
      'Free returns.',
      'Refunds in 5 days.',
    ]);
  });

  it.each([
    ['decimals', 'The fee is 12.5 SAR. Pay later.', ['The fee is 12.5 SAR.', 'Pay later.']],
    ['Arabic-Indic decimals', 'الرسوم ١.٥ ريال. شكراً', ['الرسوم ١.٥ ريال.', 'شكراً']],
    [
      'thousands',
      'Orders above 1,500 SAR ship free. Thanks.',
      ['Orders above 1,500 SAR ship free.', 'Thanks.'],
    ],
    ['Arabic separators', 'فوق ١٬٥٠٠ ريال أو ١٫٥ كغ. شكراً', ['فوق ١٬٥٠٠ ريال أو ١٫٥ كغ.', 'شكراً']],
    [
      'e.g. and i.e.',
      'Some items, e.g. swimwear, i.e. final sale, stay. Ok.',
      ['Some items, e.g. swimwear, i.e. final sale, stay.', 'Ok.'],
    ],
    [
      'etc. and approx.',
      'Shoes, bags etc. take approx. 3 days. Ok.',
      ['Shoes, bags etc. take approx. 3 days.', 'Ok.'],
    ],
    [
      'No. before a number',
      'Order No. 5 shipped. No. It did not.',
      ['Order No. 5 shipped.', 'No.', 'It did not.'],
    ],
    [
      'a domain',
      'Visit sanaa.com for details. Thanks.',
      ['Visit sanaa.com for details.', 'Thanks.'],
    ],
    ['a dotted currency', 'الرسوم ٢٥ ر.س للطلب. شكراً', ['الرسوم ٢٥ ر.س للطلب.', 'شكراً']],
  ])('does not split inside %s', (_case, text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });

  it('keeps a citation marker that follows the full stop with its sentence', () => {
    expect(
      splitSentences(
        'Returns are accepted within 21 days. [retail-returns#2] Refunds take 5 days. [a#1][b#2] Thanks!',
      ),
    ).toEqual([
      'Returns are accepted within 21 days. [retail-returns#2]',
      'Refunds take 5 days. [a#1][b#2]',
      'Thanks!',
    ]);
  });

  it('keeps a marker that follows the Arabic question mark or full stop', () => {
    expect(splitSentences('الإرجاع خلال ٢١ يوماً. [retail-returns#2] شكراً لتواصلك')).toEqual([
      'الإرجاع خلال ٢١ يوماً. [retail-returns#2]',
      'شكراً لتواصلك',
    ]);
  });

  it('does not split inside a marker and attaches a line of markers to the sentence above', () => {
    expect(splitSentences('Returns are free [a#1, b#2].\n[c#3]\nThanks.')).toEqual([
      'Returns are free [a#1, b#2]. [c#3]',
      'Thanks.',
    ]);
  });

  it('keeps the original text, trimmed', () => {
    expect(splitSentences('   مَرْحَباً   \n  Returns  are free.  ')).toEqual([
      'مَرْحَباً',
      'Returns  are free.',
    ]);
  });

  it('drops pieces with neither letters nor digits', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences(' \n\n ')).toEqual([]);
    expect(splitSentences('---\n😊\n...')).toEqual([]);
    expect(splitSentences('[a#1]')).toEqual([]);
  });
});
