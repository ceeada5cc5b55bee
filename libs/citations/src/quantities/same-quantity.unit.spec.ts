import { describe, expect, it } from '@jest/globals';
import { extractQuantities } from './extract-quantities.js';
import { sameQuantity } from './same-quantity.js';

function same(stated: string, source: string): boolean {
  const [a] = extractQuantities(stated);
  const [b] = extractQuantities(source);
  if (!a || !b) throw new Error(`no quantity in "${stated}" or "${source}"`);
  return sameQuantity(a, b);
}

describe('sameQuantity', () => {
  it.each([
    ['1,500 SAR', '1500'],
    ['1500', '1,500 SAR'],
    ['SAR 1500', '1,500 ريال'],
    ['٢١ يوماً', '21 days'],
    ['twenty-one days', '21 days'],
    ['two weeks', '14 days'],
    ['48 hours', '2 days'],
    ['14 working days', '14 أيام عمل'],
    ['a year', '1 year'],
    ['within a week', '7 days'],
    ['خلال سنة', 'one year'],
    ['a year', '12 months'],
    ['24 شهراً', 'سنتين'],
    ['ninety days', '90 days'],
    ['تسعين يوماً', '90 days'],
    ['١٠٪', '10 percent'],
    ['12.50 SAR', '12.5 SAR'],
  ])('%s is supported by %s', (stated, source) => {
    expect(same(stated, source)).toBe(true);
  });

  it.each([
    ['30 days', '21 days'],
    ['21 SAR', '21 days'],
    ['10%', '10 SAR'],
    ['14 hours', '14 days'],
    ['2 months', '60 days'],
    ['2 weeks', '14 working days'],
    ['14 days', '14 working days'],
    ['3 working days', '3 days'],
    ['forty days', '14 days'],
    ['a year', '21 days'],
    ['a year', '6 months'],
    ['12 months', '365 days'],
    ['50 AED', '50 SAR'],
  ])('%s is not supported by %s', (stated, source) => {
    expect(same(stated, source)).toBe(false);
  });
});
