import { normalizeArabic } from '../normalize/normalize-arabic.js';

/**
 * Gulf, Levantine and Egyptian words a customer types, with the Modern Standard Arabic word the
 * knowledge base writes for them. Keys are compared after Arabic folding (no hamza, ى → ي, ة → ه),
 * so each is listed once.
 */
const DIALECT_TO_MSA: Readonly<Record<string, string>> = {
  // question words
  وين: 'أين',
  فين: 'أين',
  وينه: 'أين',
  فينه: 'أين',
  شلون: 'كيف',
  ازاي: 'كيف',
  كيفاش: 'كيف',
  وش: 'ماذا',
  ايش: 'ماذا',
  شو: 'ماذا',
  شنو: 'ماذا',
  ايه: 'ماذا',
  ليش: 'لماذا',
  ليه: 'لماذا',
  امتي: 'متى',
  ايمتي: 'متى',
  متين: 'متى',
  قديش: 'كم',
  قديه: 'كم',
  بكام: 'بكم',
  // wanting, being able, being allowed
  ابغي: 'أريد',
  ابغا: 'أريد',
  ابي: 'أريد',
  ابا: 'أريد',
  بدي: 'أريد',
  عايز: 'أريد',
  عاوز: 'أريد',
  عايزه: 'أريد',
  عاوزه: 'أريد',
  بدنا: 'نريد',
  الاوردر: 'الطلب',
  اوردر: 'طلب',
  ودي: 'أريد',
  اقدر: 'أستطيع',
  نقدر: 'نستطيع',
  تقدر: 'تستطيع',
  يمدي: 'يمكن',
  يمديني: 'يمكنني',
  ينفع: 'يمكن',
  يصير: 'يمكن',
  مش: 'ليس',
  مو: 'ليس',
  مب: 'ليس',
  // things and money
  فلوس: 'المبلغ',
  فلوسي: 'المبلغ',
  مصاري: 'المبلغ',
  سايز: 'مقاس',
  كاش: 'نقدا',
  هدوم: 'ملابس',
  اغراض: 'منتجات',
  غراض: 'منتجات',
  حاجات: 'منتجات',
  الحين: 'الآن',
  دلوقتي: 'الآن',
  هلق: 'الآن',
  وايد: 'كثير',
  واجد: 'كثير',
  كتير: 'كثير',
  زي: 'مثل',
  // returning, exchanging, arriving
  ارجعه: 'إرجاع',
  ارجعها: 'إرجاع',
  رجعه: 'إرجاع',
  ترجيع: 'إرجاع',
  بدله: 'استبدال',
  ابدله: 'استبدال',
  ابدلها: 'استبدال',
  يوصلني: 'يصل',
  توصلني: 'يصل',
  // must, do
  لازم: 'يجب',
  اعمل: 'أفعل',
  اسوي: 'أفعل',
  نسوي: 'نفعل',
  سوي: 'أفعل',
};

const FOLDED = new Map(Object.entries(DIALECT_TO_MSA).map(([k, v]) => [normalizeArabic(k), v]));
// Arabic letters and their marks: punctuation (، ؟ ؛) ends a word.
const ARABIC_WORD = /(?:(?=\p{L})\p{Script=Arabic}|\p{M})+/gu;

/**
 * Replaces the dialect words of a text with their Modern Standard Arabic forms, for matching only
 * (never for text shown to anyone): "وين طلبي" reads as "أين طلبي", "ابغى ارجعه" as
 * "أريد إرجاع". A leading و or ف ("and", "so") is kept off the lookup and put back.
 */
export function normalizeArabicDialect(text: string): string {
  return text.replace(ARABIC_WORD, (word) => {
    const folded = normalizeArabic(word);
    const direct = FOLDED.get(folded);
    if (direct !== undefined) return direct;
    if (folded.length > 3 && (folded.startsWith('و') || folded.startsWith('ف'))) {
      const rest = FOLDED.get(folded.slice(1));
      if (rest !== undefined) return `${word[0]}${rest}`;
    }
    return word;
  });
}
