import { describe, expect, it } from '@jest/globals';
import { extractQuantities } from './extract-quantities.js';
import type { Quantity } from './quantity.js';

function brief(text: string): Omit<Quantity, 'text'>[] {
  return extractQuantities(text).map(({ text: _text, ...quantity }) => quantity);
}

describe('extractQuantities', () => {
  it.each([
    ['a plain number', 'Order 48213', [{ value: 48213, kind: 'number' }]],
    ['thousands', '1,500 SAR', [{ value: 1500, kind: 'price', unit: 'SAR' }]],
    ['no thousands', '1500', [{ value: 1500, kind: 'number' }]],
    ['a decimal', '12.5 SAR', [{ value: 12.5, kind: 'price', unit: 'SAR' }]],
    ['trailing zeros', 'AED 99.90', [{ value: 99.9, kind: 'price', unit: 'AED' }]],
    [
      'a comma that is not thousands',
      'sizes 1,5',
      [
        { value: 1, kind: 'number' },
        { value: 5, kind: 'number' },
      ],
    ],
    ['Arabic-Indic digits', '٢١ يوماً', [{ value: 21, kind: 'duration', unit: 'day' }]],
    ['Persian digits', '۲۱ روز', [{ value: 21, kind: 'number' }]],
    ['Arabic separators', '١٬٥٠٠ ريال', [{ value: 1500, kind: 'price' }]],
    ['the Arabic decimal separator', '١٫٥ ٪', [{ value: 1.5, kind: 'percentage' }]],
    ['a named riyal', '١٥٠ ريال سعودي', [{ value: 150, kind: 'price', unit: 'SAR' }]],
    ['a dotted currency', '٢٥ ر.س', [{ value: 25, kind: 'price', unit: 'SAR' }]],
    ['the riyal sign', '25 ﷼', [{ value: 25, kind: 'price' }]],
    ['a currency before', 'SAR 150', [{ value: 150, kind: 'price', unit: 'SAR' }]],
    ['dirhams', '99 درهم', [{ value: 99, kind: 'price', unit: 'AED' }]],
    [
      'dinars',
      '3 KWD or 3 dinars',
      [
        { value: 3, kind: 'price', unit: 'KWD' },
        { value: 3, kind: 'price' },
      ],
    ],
    ['a percent sign', '10% off', [{ value: 10, kind: 'percentage' }]],
    ['a percent sign before', 'خصم %20', [{ value: 20, kind: 'percentage' }]],
    [
      'percent words',
      '15 percent, ٣٠ بالمئة, 40 في المائة',
      [
        { value: 15, kind: 'percentage' },
        { value: 30, kind: 'percentage' },
        { value: 40, kind: 'percentage' },
      ],
    ],
    ['hours', 'within 48 hours', [{ value: 48, kind: 'duration', unit: 'hour' }]],
    [
      'working days',
      '5 working days',
      [{ value: 5, kind: 'duration', unit: 'day', working: true }],
    ],
    [
      'Arabic working days',
      '٥ أيام عمل',
      [{ value: 5, kind: 'duration', unit: 'day', working: true }],
    ],
    ['a hyphenated unit', 'a 30-day window', [{ value: 30, kind: 'duration', unit: 'day' }]],
    [
      'a range',
      '3-5 days',
      [
        { value: 3, kind: 'duration', unit: 'day' },
        { value: 5, kind: 'duration', unit: 'day' },
      ],
    ],
    [
      'an Arabic range',
      'بين 3 و5 أيام',
      [
        { value: 3, kind: 'duration', unit: 'day' },
        { value: 5, kind: 'duration', unit: 'day' },
      ],
    ],
    ['a clock time', 'from 10:30', [{ value: 10.5, kind: 'number' }]],
  ])('reads %s', (_case, text, expected) => {
    expect(brief(text)).toEqual(expected);
  });

  it.each([
    ['fourteen days', 14, 'day'],
    ['twenty-one days', 21, 'day'],
    ['twenty one days', 21, 'day'],
    ['two weeks', 2, 'week'],
    ['thirty days', 30, 'day'],
    ['يومين', 2, 'day'],
    ['أسبوعين', 2, 'week'],
    ['شهرين', 2, 'month'],
    ['ثلاثة أيام', 3, 'day'],
    ['خلال سبعة أيام', 7, 'day'],
    ['عشرة أيام', 10, 'day'],
    ['أربعة عشر يوماً', 14, 'day'],
    ['خمسة وعشرين يوماً', 25, 'day'],
    ['بثلاثة أيام', 3, 'day'],
  ])('reads the number words "%s"', (text, value, unit) => {
    expect(extractQuantities(text)).toEqual([
      expect.objectContaining({ value, kind: 'duration', unit }),
    ]);
  });

  it('reads Arabic number words without a unit', () => {
    expect(brief('اثنين أو ثلاث أو خمسة')).toEqual([
      { value: 2, kind: 'number' },
      { value: 3, kind: 'number' },
      { value: 5, kind: 'number' },
    ]);
  });

  it('leaves out "one", "a", "واحد" and unit words without a number', () => {
    expect(extractQuantities('One of our agents will reply within a day or a few days.')).toEqual(
      [],
    );
    expect(extractQuantities('منتج واحد، يوم سعيد، ساعات العمل')).toEqual([]);
  });

  it('reads number words past thirty, a hundred, and "a" or the Arabic singular as one long unit', () => {
    expect(brief('within ninety days')).toEqual([{ value: 90, kind: 'duration', unit: 'day' }]);
    expect(brief('forty-five days')).toEqual([{ value: 45, kind: 'duration', unit: 'day' }]);
    expect(brief('خلال تسعين يوماً')).toEqual([{ value: 90, kind: 'duration', unit: 'day' }]);
    expect(brief('خمسة وأربعين يوماً')).toEqual([{ value: 45, kind: 'duration', unit: 'day' }]);
    expect(brief('within a year')).toEqual([{ value: 1, kind: 'duration', unit: 'year' }]);
    expect(brief('for one month')).toEqual([{ value: 1, kind: 'duration', unit: 'month' }]);
    expect(brief('خلال سنة من الشراء')).toEqual([{ value: 1, kind: 'duration', unit: 'year' }]);
    expect(brief('بعد أسبوع')).toEqual([{ value: 1, kind: 'duration', unit: 'week' }]);
    expect(brief('السنة الماضية، شهر رمضان')).toEqual([]);
  });

  it('reads a clock hour with AM or PM, and their Arabic words, as the hour of the day', () => {
    expect(brief('from 10 AM to 10 PM')).toEqual([
      { value: 10, kind: 'number', clock: true },
      { value: 22, kind: 'number', clock: true },
    ]);
    expect(brief('من 4 عصراً إلى 10 مساءً')).toEqual([
      { value: 16, kind: 'number', clock: true },
      { value: 22, kind: 'number', clock: true },
    ]);
    expect(brief('قبل الساعة 1 ظهراً')).toEqual([{ value: 13, kind: 'number', clock: true }]);
  });

  it('reads numbers with their scales, in words or after digits', () => {
    expect(brief('three hundred riyals')).toEqual([{ value: 300, kind: 'price' }]);
    expect(brief('two hundred and fifty riyals')).toEqual([{ value: 250, kind: 'price' }]);
    expect(brief('one thousand five hundred')).toEqual([{ value: 1500, kind: 'number' }]);
    expect(brief('a hundred riyals')).toEqual([{ value: 100, kind: 'price' }]);
    expect(brief('ألف وخمسمائة ريال')).toEqual([{ value: 1500, kind: 'price' }]);
    expect(brief('خمسمية ريال')).toEqual([{ value: 500, kind: 'price' }]);
    expect(brief('ثلاث مية ريال')).toEqual([{ value: 300, kind: 'price' }]);
    expect(brief('مية وخمسين ريال')).toEqual([{ value: 150, kind: 'price' }]);
    expect(brief('خمسة آلاف ريال')).toEqual([{ value: 5000, kind: 'price' }]);
    expect(brief('5 آلاف ريال')).toEqual([{ value: 5000, kind: 'price' }]);
    // "بالمئة" is "percent", not a hundred.
    expect(brief('10 بالمئة')).toEqual([{ value: 10, kind: 'percentage' }]);
    // Two numbers joined by "and" stay two where no scale joins them.
    expect(brief('two and three days')).toEqual([
      { value: 2, kind: 'duration', unit: 'day' },
      { value: 3, kind: 'duration', unit: 'day' },
    ]);
  });

  it('reads a unit counted after it, a half, and the dual of a counted thing', () => {
    expect(brief('يوم عمل واحد')).toEqual([
      { value: 1, kind: 'duration', unit: 'day', working: true },
    ]);
    expect(brief('التوصيل بيوم عمل واحد')).toEqual([
      { value: 1, kind: 'duration', unit: 'day', working: true },
    ]);
    expect(brief('والرسوم دينار واحد')).toEqual([{ value: 1, kind: 'price' }]);
    expect(brief('ساعة ونص')).toEqual([{ value: 1.5, kind: 'duration', unit: 'hour' }]);
    expect(brief('an hour and a half')).toEqual([{ value: 1.5, kind: 'duration', unit: 'hour' }]);
    expect(brief('three and a half days')).toEqual([{ value: 3.5, kind: 'duration', unit: 'day' }]);
    expect(brief('نقطتان لكل دينار')).toEqual([{ value: 2, kind: 'number' }]);
    expect(brief('يحاول المندوب مرتين')).toEqual([{ value: 2, kind: 'number' }]);
  });

  it('gives a dual the working days of the range it opens', () => {
    expect(brief('من يومين إلى 3 أيام عمل')).toEqual([
      { value: 2, kind: 'duration', unit: 'day', working: true },
      { value: 3, kind: 'duration', unit: 'day', working: true },
    ]);
  });

  it('puts an evening hour "at night" after noon', () => {
    expect(brief('من 9 الصبح لين 11 بالليل')).toEqual([
      { value: 9, kind: 'number', clock: true },
      { value: 23, kind: 'number', clock: true },
    ]);
    expect(brief('2 بالليل')).toEqual([{ value: 2, kind: 'number', clock: true }]);
  });

  it('reads the Gulf "المسا" as the evening', () => {
    expect(brief('من 10 الصبح حتى 9 المسا')).toEqual([
      { value: 10, kind: 'number', clock: true },
      { value: 21, kind: 'number', clock: true },
    ]);
  });

  it('ignores citation markers', () => {
    expect(brief('within 21 days [retail-returns#2]')).toEqual([
      { value: 21, kind: 'duration', unit: 'day' },
    ]);
  });

  it('keeps the matched words, normalised', () => {
    expect(extractQuantities('خلال ٢١ يوماً')[0]?.text).toBe('21 يوما');
    expect(extractQuantities('1,500 SAR')[0]?.text).toBe('1,500 sar');
  });
});
