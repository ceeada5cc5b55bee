import { describe, expect, it } from '@jest/globals';
import { normalizeText } from '../normalize/normalize-text.js';
import { arabicLightStem, arabicVariants } from './arabic-light-stem.js';

const stem = (word: string) => arabicLightStem(normalizeText(word));
const meet = (a: string, b: string) => {
  const forms = new Set(arabicVariants(stem(a)));
  return arabicVariants(stem(b)).some((form) => forms.has(form));
};

describe('arabicLightStem', () => {
  it.each([
    ['والدوحة', 'دوح'],
    ['الدوحة', 'دوح'],
    ['البطاقات', 'بطاق'],
    ['بطاقة', 'بطاق'],
    ['فروعنا', 'فروع'],
    ['للطلب', 'طلب'],
    ['يوماً', 'يوم'],
  ])('%s → %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('reads the accusative and the adjective alike', () => {
    expect(stem('مجاناً')).toBe(stem('مجاني'));
  });

  it('keeps three letters: a short word is its own stem', () => {
    expect(stem('يوم')).toBe('يوم');
    expect(stem('دبي')).toBe('دبي');
    expect(stem('الكويت')).toBe('كويت');
  });
});

describe('arabicVariants', () => {
  it.each([
    ['a present-tense verb and its bare form', 'تُشحن', 'شحن'],
    ['a derived verb and its noun', 'تُستبدل', 'استبدال'],
    ['a noun with a pronoun and its plural', 'بطاقتي', 'البطاقات'],
    ['a word with a glued preposition', 'لبطاقات', 'بطاقة'],
    ['a participle and a verb', 'المتوفرة', 'تتوفر'],
    ['a noun and its verb', 'استخدامها', 'أستخدم'],
    ['a Levantine present with its marker', 'بيتشحن', 'تُشحن'],
  ])('%s meet: %s / %s', (_, a, b) => {
    expect(meet(a, b)).toBe(true);
  });

  it.each([
    ['wholesale and cosmetics (one root, unrelated words)', 'الجملة', 'التجميل'],
    ['delivery and a gift', 'التوصيل', 'هدية'],
    ['Doha and Dubai', 'الدوحة', 'دبي'],
    ['a student and an order (the pattern of the one who does)', 'للطالبات', 'الطلبات'],
    ['a charger and shipping', 'شاحن', 'الشحن'],
  ])('%s do not meet', (_, a, b) => {
    expect(meet(a, b)).toBe(false);
  });

  it('lists the stem first and never a form under three letters', () => {
    const variants = arabicVariants('تستبدل');
    expect(variants[0]).toBe('تستبدل');
    expect(variants).toContain('بدل');
    expect(variants.every((form) => form.length >= 3)).toBe(true);
  });
});
