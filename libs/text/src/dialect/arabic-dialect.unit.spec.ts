import { describe, expect, it } from '@jest/globals';
import { contentTerms } from '../lexical/lexical-scores.js';
import { normalizeArabicDialect } from './arabic-dialect.js';

describe('normalizeArabicDialect', () => {
  it.each([
    ['Gulf "where"', 'وين طلبي؟', 'أين طلبي؟'],
    ['Egyptian "where"', 'فين الطلب', 'أين الطلب'],
    ['Gulf "how"', 'شلون ارجع الفستان', 'كيف ارجع الفستان'],
    ['Egyptian "how"', 'ازاي ادفع', 'كيف ادفع'],
    ['Gulf "what"', 'وش الرسوم', 'ماذا الرسوم'],
    ['Levantine "what"', 'شو المدة', 'ماذا المدة'],
    ['Egyptian "when"', 'إمتى يوصل', 'متى يوصل'],
    ['Levantine "how much"', 'قديش الرسوم', 'كم الرسوم'],
    ['Gulf "I want"', 'ابغى ارجعه', 'أريد إرجاع'],
    ['Levantine "I want"', 'بدي استبدل', 'أريد استبدل'],
    ['Egyptian "I want"', 'عايز فلوسي', 'أريد المبلغ'],
    ['"can I"', 'أقدر ادفع كاش', 'أستطيع ادفع نقدا'],
    ['"is it allowed"', 'ينفع ابدله', 'يمكن استبدال'],
    ['a leading "and"', 'ووين الطلب', 'وأين الطلب'],
    ['Egyptian "how many"', 'بعد كام يوم', 'بعد كم يوم'],
    ['a dialect word under the article', 'رجعولي المصاري', 'رجعولي المبلغ'],
    ['"and when" glued', 'ومتى يصير مجاني', 'و متي يمكن مجاني'],
    ['a verb with its object glued on', 'ابي ألغيه', 'أريد إلغاء'],
    ['"can you fix it"', 'ينفع تصلحوه', 'يمكن إصلاح'],
    ['Egyptian future "ه"', 'الفلوس هترجع', 'المبلغ ترجع'],
  ])('reads %s as standard Arabic', (_what, dialect, standard) => {
    expect(normalizeArabicDialect(dialect)).toBe(standard);
  });

  it('leaves standard Arabic, English and unknown words as they are', () => {
    const text = 'يمكنك إرجاع المنتج خلال 14 يوماً from Riyadh';
    expect(normalizeArabicDialect(text)).toBe(text);
    // "ه" before a present verb is the future only where it is not the word's own letter.
    expect(normalizeArabicDialect('هاتفك وهدايا')).toBe('هاتفك وهدايا');
    // A hamza on a seat is standard spelling: "فوائد" (interest) is not "ف" + Gulf "وايد".
    expect(normalizeArabicDialect('بلا فوائد')).toBe('بلا فوائد');
  });

  it('lets a dialect question share its terms with the standard sentence that answers it', () => {
    const question = contentTerms('ابغى ارجعه، ينفع؟');
    const policy = contentTerms('يمكن إرجاع المنتج خلال 14 يوماً.');
    expect([...question].filter((term) => policy.has(term))).toContain('~return');
    // "ابغى" and "ينفع" only shape the question: they are not terms it must find.
    expect(question.size).toBe(1);
  });
});
