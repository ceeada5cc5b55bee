import { describe, expect, it } from '@jest/globals';
import { foldTaMarbuta, normalizeArabic } from './normalize-arabic.js';

describe('normalizeArabic', () => {
  it.each([
    ['tashkeel U+064B–U+0652', 'كِتَابٌ مُّبِينٌ', 'كتاب مبين'],
    ['tanween fath and sukun', 'شُكْرًا', 'شكرا'],
    ['superscript alef U+0670', 'هٰذا', 'هذا'],
    ['Quranic marks U+06D6–U+06ED', 'الرَّحِيمِ ۝ ذَٰلِكَ ۖ', 'الرحيم  ذلك '],
    ['tatweel U+0640', 'الطـــالب', 'الطالب'],
    ['alef with hamza above', 'أحمد', 'احمد'],
    ['alef with hamza below', 'إرجاع', 'ارجاع'],
    ['alef with madda', 'آخر', 'اخر'],
    ['alef wasla', 'ٱلله', 'الله'],
    ['alef maqsura', 'على مستوى', 'علي مستوي'],
    ['ta marbuta', 'سياسة الشركة', 'سياسه الشركه'],
    ['hamza on waw', 'مسؤول', 'مسوول'],
    ['hamza on ya', 'رئيسي', 'رييسي'],
    ['Arabic-Indic digits', 'طلب رقم ٠١٢٣٤٥٦٧٨٩', 'طلب رقم 0123456789'],
    ['Persian digits', '۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['decomposed hamza (alef + U+0654)', 'ا\u0654حمد', 'احمد'],
  ])('folds %s', (_rule, input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it('leaves Arabic punctuation for the tokenizer', () => {
    expect(normalizeArabic('نعم، لا؛ لماذا؟')).toBe('نعم، لا؛ لماذا؟');
  });

  it('leaves Latin text, case and bare hamza alone', () => {
    expect(normalizeArabic('Return the Dress ء 42')).toBe('Return the Dress ء 42');
  });

  it('keeps ta marbuta when asked, folding everything else', () => {
    expect(normalizeArabic('المَدْرَسَةُ إلى', { keepTaMarbuta: true })).toBe('المدرسة الي');
    expect(foldTaMarbuta('المدرسة')).toBe('المدرسه');
  });

  it('is idempotent', () => {
    const once = normalizeArabic('إِلَى المَدْرَسَةِ ١٢ مسؤولية');
    expect(normalizeArabic(once)).toBe(once);
  });
});
