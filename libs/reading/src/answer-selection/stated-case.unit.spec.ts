import { describe, expect, it } from '@jest/globals';
import {
  isAnotherCase,
  leavesStatedCaseOpen,
  statedCaseValues,
  statedNumbers,
  thresholdValues,
} from './stated-case.js';

describe('stated case', () => {
  it('reads the numbers of the question conditions only', () => {
    expect([...statedCaseValues('If I order at 6 in the evening, when will it arrive?')]).toEqual([
      6,
    ]);
    expect([...statedCaseValues('متى يوصل الطلب إذا طلبت بعد الساعة 2 PM؟')]).toEqual([2]);
    expect([...statedCaseValues('How much is delivery for a 300 SAR order?')]).toEqual([]);
  });

  it('reads the thresholds of a rule, in both languages', () => {
    expect(thresholdValues('Orders confirmed before 4 PM arrive the next working day.')).toEqual([
      4,
    ]);
    expect(thresholdValues('Free for orders over 1,500 SAR.')).toEqual([1500]);
    expect(thresholdValues('الطلبات المؤكدة قبل الساعة ١٢ تصل في اليوم نفسه.')).toEqual([12]);
    expect(thresholdValues('Delivery takes 2 working days.')).toEqual([]);
  });

  it('is another case when no stated number meets a threshold of the rule', () => {
    expect(isAnotherCase(new Set([6]), 'Orders confirmed before 4 PM arrive tomorrow.')).toBe(true);
    expect(isAnotherCase(new Set([2]), 'Orders placed before 2 PM leave the same day.')).toBe(
      false,
    );
    expect(isAnotherCase(new Set([6]), 'Delivery takes 2 working days.')).toBe(false);
    expect(isAnotherCase(new Set(), 'Orders confirmed before 4 PM arrive tomorrow.')).toBe(false);
  });

  it('reads the sums, hours and counts a message states about the customer', () => {
    const read = (message: string) =>
      statedNumbers(message).map(({ value, kind }) => ({ value, kind }));
    expect(read('Can I pay on delivery? My basket is 850 AED')).toEqual([
      { value: 850, kind: 'price' },
    ]);
    expect(read('لو طلبت الساعة ٣ يوصل بكرة؟')).toEqual([{ value: 3, kind: 'clock' }]);
    expect(read('I have 640 reward points, what are they worth?')).toEqual([
      { value: 640, kind: 'count' },
    ]);
    // A duration tells the story, an order number refers to an order: neither is a case.
    expect(read('I ordered 4 days ago, order 583920, where is it?')).toEqual([]);
  });

  it('leaves a stated sum open with a single value that is no bound', () => {
    const stated = statedNumbers('Can I pay cash on delivery? My order is 900 SAR');
    expect(leavesStatedCaseOpen(stated, 'Cash on delivery costs 10 SAR per order.')).toBe(true);
    expect(leavesStatedCaseOpen(stated, 'You can pay by card or in instalments.')).toBe(true);
    expect(
      leavesStatedCaseOpen(stated, 'Cash on delivery is available for orders up to SAR 1,000.'),
    ).toBe(false);
    expect(
      leavesStatedCaseOpen(stated, 'Pay in 4 is available for orders of SAR 100 – 2,500.'),
    ).toBe(false);
    expect(
      leavesStatedCaseOpen(
        stated,
        'Cash on delivery is possible when the order does not exceed 1,200 SAR.',
      ),
    ).toBe(false);
    expect(leavesStatedCaseOpen([], 'Cash on delivery costs 10 SAR per order.')).toBe(false);
  });

  it('reads the values of a list under its lead', () => {
    const stated = statedNumbers('I want a gift card of 70 KWD');
    expect(leavesStatedCaseOpen(stated, 'Gift cards come in 20, 40 and 60 KWD.')).toBe(false);
  });

  it("answers a stated count with the rule's own count of the same thing", () => {
    const stated = statedNumbers('can I split it into 5 monthly payments?');
    expect(leavesStatedCaseOpen(stated, 'Instalments: 3 monthly payments, no interest.')).toBe(
      false,
    );
    expect(leavesStatedCaseOpen(stated, 'Refunds take 7 working days.')).toBe(true);
  });

  it('answers a stated hour with a cut-off, not with a duration in hours', () => {
    const stated = statedNumbers('إذا طلبت الساعة ٥ العصر متى يوصل؟');
    expect(leavesStatedCaseOpen(stated, 'الطلبات قبل الساعة 1 ظهراً تصل في اليوم نفسه.')).toBe(
      false,
    );
    expect(leavesStatedCaseOpen(stated, 'أبلغنا خلال 48 ساعة من الاستلام.')).toBe(true);
  });
});
