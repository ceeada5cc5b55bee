import { describe, expect, it } from '@jest/globals';
import { isAnotherCase, statedCaseValues, thresholdValues } from './stated-case.js';

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
});
