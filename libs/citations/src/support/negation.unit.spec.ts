import { describe, expect, it } from '@jest/globals';
import { isNegated, normalizeForChecks } from '@support/text';
import { validateReply } from '../validation/validate-reply.js';
import { negationMismatch } from './negation-support.js';

const mismatch = (sentence: string, chunk: string) =>
  negationMismatch(normalizeForChecks(sentence), [normalizeForChecks(chunk)]);

describe('isNegated', () => {
  it.each([
    'Sale items are not refundable',
    'Sale items cannot be returned',
    "We don't ship to Yemen",
    'Orders won’t be cancelled once shipped',
    'Gift cards are never refunded',
    'Sale items are non-refundable',
    'No refund is given for altered items',
    'لا يمكن إرجاع الملابس الداخلية',
    'لن يتم رد المبلغ',
    'الهدايا ليست قابلة للاسترداد',
    'المنتجات المعدلة غير قابلة للإرجاع',
    'ما نقدر نرجع المبلغ',
    'مش ممكن ترجع القطعة',
    'العباية مو قابلة للإرجاع',
    'ما في إرجاع للعطور المفتوحة',
    'ولا يمكن استبدال العطور',
  ])('reads "%s" as negated', (text) => {
    expect(isNegated(normalizeForChecks(text))).toBe(true);
  });

  it.each([
    'Returns are free of charge',
    'Send the item back no later than 14 days after delivery',
    'Refunds take no more than 10 working days',
    'Exchanges are at no extra cost',
    'Returns are accepted within 21 days',
    'يجب إرجاع المنتج خلال مدة لا تتجاوز 14 يوماً',
    'لا بد من إرفاق الفاتورة',
    'ما زال الطلب قيد الشحن',
    'نرد المبلغ حسب ما يناسبك',
    'تقدر تغير العنوان لين ما يطلع الطلب من المستودع',
    'نرسل لك رسالة أول ما يجهز طلبك',
    'ما هي مدة الإرجاع',
    'ما الرسوم المطلوبة',
    'الإرجاع مجاني خلال 21 يوماً',
  ])('reads "%s" as not negated', (text) => {
    expect(isNegated(normalizeForChecks(text))).toBe(false);
  });
});

describe('negationMismatch', () => {
  const chunk =
    'Returns are free within 21 days of delivery. Sale items cannot be returned, but they can be exchanged.';

  it('passes a sentence that keeps the polarity of the clause it comes from', () => {
    expect(mismatch('Returns are free within 21 days of delivery.', chunk)).toBeUndefined();
    expect(mismatch('Sale items cannot be returned.', chunk)).toBeUndefined();
    expect(mismatch('Sale items are not returnable but can be exchanged.', chunk)).toBeUndefined();
  });

  it('fails a sentence that negates what the chunk affirms, or affirms what it negates', () => {
    expect(mismatch('Returns are not free within 21 days of delivery.', chunk)).toBe(
      'sentence_negates',
    );
    expect(mismatch('Sale items can be returned.', chunk)).toBe('chunk_negates');
    expect(mismatch('They cannot be exchanged.', chunk)).toBe('sentence_negates');
  });

  it('reads Arabic and the dialects the same way', () => {
    const arabic = 'يمكن إرجاع المنتجات خلال 21 يوماً. لا يمكن إرجاع العطور المفتوحة.';
    expect(mismatch('يمكن إرجاع المنتجات خلال 21 يوماً', arabic)).toBeUndefined();
    expect(mismatch('لا يمكن إرجاع المنتجات خلال 21 يوماً', arabic)).toBe('sentence_negates');
    expect(mismatch('ما يمكن إرجاع المنتجات خلال 21 يوماً', arabic)).toBe('sentence_negates');
    expect(mismatch('يمكن إرجاع العطور المفتوحة', arabic)).toBe('chunk_negates');
  });

  it('does not fail a faithful rewording of a bound or of "non-"', () => {
    expect(
      mismatch(
        'Return the item within 14 days.',
        'Return the item no later than 14 days after delivery.',
      ),
    ).toBeUndefined();
    expect(
      mismatch('Sale items are not refundable.', 'Sale items are non-refundable.'),
    ).toBeUndefined();
  });
});

describe('validateReply with the negation rule', () => {
  const chunks = [
    { chunkId: 'returns#2', text: 'Returns are free for customers in Saudi Arabia.' },
  ];

  it('refuses a twisted sentence that the share of its words would let through', () => {
    const verdict = validateReply(
      'Returns are not free for customers in Saudi Arabia [returns#2].',
      chunks,
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences[0]!.problem).toBe('negation_mismatch: sentence_negates');
  });

  it('reads no negation in a citation marker', () => {
    const chunk = [{ chunkId: 'no-returns#2', text: 'Sale items are final.' }];
    expect(validateReply('Sale items are final [no-returns#2].', chunk).passed).toBe(true);
  });

  it('takes the required share of supported words as an option', () => {
    const reworded = 'Returns are free for Saudi shoppers and visitors [returns#2].';
    expect(validateReply(reworded, chunks).passed).toBe(false);
    expect(validateReply(reworded, chunks, { minSupportedShare: 0.6 }).passed).toBe(true);
  });
});
