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
  لين: 'حتى',
  لمتى: 'متى',
  ايمتي: 'متى',
  متين: 'متى',
  قديش: 'كم',
  قديه: 'كم',
  كام: 'كم',
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
  برضه: 'أيضا',
  برضو: 'أيضا',
  كمان: 'أيضا',
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
  // a verb with its object glued on: "ابي ألغيه" would read as the article and "غيه"
  الغيه: 'إلغاء',
  الغيها: 'إلغاء',
  الغيهم: 'إلغاء',
  اغيره: 'تغيير',
  اغيرها: 'تغيير',
  اصلحه: 'إصلاح',
  اصلحها: 'إصلاح',
  تصلحه: 'إصلاح',
  تصلحها: 'إصلاح',
  تصلحوه: 'إصلاح',
  تصلحوها: 'إصلاح',
  ببلاش: 'مجانا',
  // must, do
  لازم: 'يجب',
  اعمل: 'أفعل',
  اسوي: 'أفعل',
  نسوي: 'نفعل',
  سوي: 'أفعل',
};

const FOLDED = new Map(Object.entries(DIALECT_TO_MSA).map(([k, v]) => [normalizeArabic(k), v]));

// Question words that "and" or "so" is often glued to ("ومتى", "فكم"): written apart, so the
// analysis drops them as it drops the bare word instead of keeping "ومت" as a term.
const GLUED_QUESTION_WORDS = new Set(
  ['متى', 'كم', 'بكم', 'كيف', 'هل', 'أين', 'ماذا', 'لماذا', 'ما'].map((word) =>
    normalizeArabic(word),
  ),
);
const EGYPTIAN_FUTURE = /^ه[تين][\u0621-\u064A]{3,}$/;
// Arabic letters and their marks: punctuation (، ؟ ؛) ends a word.
const ARABIC_WORD = /(?:(?=\p{L})\p{Script=Arabic}|\p{M})+/gu;

/**
 * Replaces the dialect words of a text with their Modern Standard Arabic forms, for matching only
 * (never for text shown to anyone): "وين طلبي" reads as "أين طلبي", "ابغى ارجعه" as
 * "أريد إرجاع", "المصاري" as "المبلغ". A leading و or ف ("and", "so") is kept off the lookup
 * and put back; a question word under it is written apart ("ومتى" → "و متى").
 */
export function normalizeArabicDialect(text: string): string {
  return text.replace(ARABIC_WORD, (word) => {
    const folded = normalizeArabic(word);
    const standard = standardForm(folded);
    if (standard !== undefined) return standard;
    // Egyptian future "ه" before a present verb: "هترجع" is "ترجع", "هيوصل" is "يوصل".
    if (EGYPTIAN_FUTURE.test(folded)) return folded.slice(1);
    if (folded.length > 2 && (folded.startsWith('و') || folded.startsWith('ف'))) {
      const rest = folded.slice(1);
      if (GLUED_QUESTION_WORDS.has(rest)) return `${word[0]} ${rest}`;
      // A hamza on a seat is standard spelling: "فوائد" (benefits) is not "ف" + Gulf "وايد".
      const restStandard = rest.length > 2 && !/[ئؤ]/.test(word) ? standardForm(rest) : undefined;
      if (restStandard !== undefined) return `${word[0]}${restStandard}`;
    }
    return word;
  });
}

/** The standard form of a folded dialect word, also under the article ("الفلوس", "السايز"). */
function standardForm(folded: string): string | undefined {
  const direct = FOLDED.get(folded);
  if (direct !== undefined || !folded.startsWith('ال')) return direct;
  const bare = FOLDED.get(folded.slice(2));
  if (bare === undefined) return undefined;
  return bare.startsWith('ال') ? bare : `ال${bare}`;
}
