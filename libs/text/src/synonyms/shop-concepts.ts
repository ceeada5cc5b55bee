import { normalizeArabic } from '../normalize/normalize-arabic.js';
import {
  arabicMatchTerms as arabic,
  englishMatchTerms as english,
} from '../lexical/match-analysers.js';
import { arabicVariants, MATCH_STEPS } from '../stem/arabic-light-stem.js';
import { baseFormsOfIrregularVerbs } from './english-inflections.js';
import { expandEnglishShorthand } from './english-shorthand.js';
import { GULF_ARABIC_PHRASES, GULF_NAMES, GULF_PHRASES, GULF_PLACES } from './gulf-names.js';

/**
 * The words a fashion shop's customers and policies use for the same thing, in English and
 * Arabic, grouped under one concept. Matching compares concepts, so "ship" finds "delivery",
 * "send back" finds "return" and "رسوم" finds "fee". Listed as people write them; the analysers
 * turn each into its stem at load.
 */
const CONCEPTS: Readonly<Record<string, { en: string; ar: string }>> = {
  deliver: {
    en: 'ship ships shipped shipping shipment shipments deliver delivers delivered delivering delivery deliveries courier dispatch dispatched arrive arrives arrived arriving arrival reach reaches reached',
    ar: 'توصيل التوصيل شحن الشحن شحنة الشحنة يوصل توصل يصل تصل وصول استلام الاستلام تسليم التسليم',
  },
  return: {
    en: 'return returns returned returning',
    ar: 'إرجاع الإرجاع ارجع أرجع رجع ترجيع مرتجع المرتجعة المرتجعات استرجاع الاسترجاع استرجع يسترجع',
  },
  refund: {
    en: 'refund refunds refunded refunding reimburse reimbursed reimbursement money',
    ar: 'استرداد الاسترداد المسترد مسترد يسترد المبلغ المبالغ',
  },
  exchange: {
    en: 'exchange exchanges exchanged exchanging swap swaps swapped swapping',
    ar: 'استبدال الاستبدال تبديل التبديل ابدل أبدل بدل',
  },
  price: {
    en: 'cost costs price prices priced fee fees charge charges charged',
    ar: 'سعر السعر أسعار رسوم الرسوم تكلفة التكلفة كلفة',
  },
  cancel: {
    en: 'cancel cancels cancelled canceled cancelling canceling cancellation',
    ar: 'إلغاء الإلغاء ألغي الغي يلغي',
  },
  size: { en: 'size sizes sizing bigger smaller larger', ar: 'مقاس المقاس مقاسات المقاسات قياس' },
  damaged: {
    en: 'damaged damage defective faulty broken torn',
    ar: 'تالف التالف تالفة معيب المعيب مكسور ممزق تمزق شق مثقوب',
  },
  // Garments stand for "an item" in policies ("items can be returned within 14 days"); accessories,
  // swimwear, underwear and perfume stay themselves: policies name them to make exceptions.
  item: {
    en: 'item items product products piece pieces garment garments clothes clothing dress dresses shirt shirts blouse blouses abaya abayas top tops skirt skirts trousers pants jeans jacket jackets coat coats',
    ar: 'منتج المنتج منتجات المنتجات قطعة القطعة قطع ملابس الملابس فستان الفستان فساتين قميص القميص عباية العباية عبايات عباءة العباءة تنورة بنطلون جاكيت معطف',
  },
  free: { en: 'free', ar: 'مجاني مجانا مجانية مجاناً' },
  pay: { en: 'pay pays paid paying payment payments', ar: 'دفع الدفع ادفع سداد' },
  accept: {
    en: 'accept accepts accepted accepting',
    ar: 'نقبل يقبل تقبل تقبلون يقبلون قبول مقبول مقبولة',
  },
  gift: { en: 'gift gifts', ar: 'هدية الهدية هدايا الهدايا' },
  expire: {
    en: 'expire expires expired expiry expiration valid validity',
    ar: 'صلاحية الصلاحية صلاحيتها تنتهي ينتهي انتهاء صالحة صالح',
  },
  change: {
    en: 'change changes changed changing modify modified edit update',
    ar: 'تغيير التغيير تعديل التعديل اغير أغير يغير نغير اعدل أعدل',
  },
  address: { en: 'address addresses', ar: 'عنوان العنوان عناوين' },
  store: {
    en: 'store stores shop shops branch branches showroom boutique',
    ar: 'فرع الفرع فروع الفروع متجر المتجر محل المحل معرض',
  },
  // A store's hours: "what time does it close?" is answered by "Opening hours: 10 AM to 11 PM".
  open: {
    en: 'open opens opened opening close closes closed closing',
    ar: 'يفتح تفتح مفتوح يغلق تغلق يقفل يسكر يسكّر مواعيد دوام',
  },
  alteration: {
    en: 'alteration alterations alter altered tailoring tailor tailored hemming',
    ar: 'تعديلات التعديلات خياطة الخياطة تقصير تفصيل التفصيل',
  },
  order: { en: 'order orders ordered', ar: 'طلب الطلب طلبي طلبك طلبات الطلبات' },
  cash: { en: 'cash', ar: 'نقد نقدا نقدي نقدية كاش' },
  card: { en: 'card cards', ar: 'بطاقة البطاقة بطاقات البطاقات' },
  riyal: { en: 'sar riyal riyals', ar: 'ريال ريالا ريالات' },
  dirham: { en: 'aed dirham dirhams', ar: 'درهم درهما دراهم' },
  track: { en: 'track tracks tracked tracking', ar: 'تتبع التتبع تعقب' },
  day: { en: 'day days', ar: 'يوم أيام يومين' },
  week: { en: 'week weeks', ar: 'أسبوع أسابيع أسبوعين' },
  hour: { en: 'hour hours', ar: 'ساعة ساعات ساعتين' },
  collect: {
    en: 'collect collects collected collecting collection pickup',
    ar: '',
  },
  keep: {
    en: 'keep keeps kept keeping hold holds held holding reserve reserved',
    ar: 'نحتفظ يحتفظ الاحتفاظ احتفاظ',
  },
  ...GULF_NAMES,
};

// Phrases that mean one word: "send it back" is "return", "money back" is "refund".
const ENGLISH_PHRASES: readonly [RegExp, string][] = [
  [
    /\b(?:send|sending|sent|bring|take|ship)\s+(?:(?:it|them|this|that|the \w+|my \w+)\s+)?back\b/gi,
    'return',
  ],
  [/\b(?:money|cash)\s+back\b/gi, 'refund'],
  // "Return shipping" is what sending a return back costs, not the delivery of an order.
  [/\breturns?\s+(?:shipping|delivery|postage|courier)\b/gi, 'return'],
  [/\bpick(?:s|ed|ing)?[- ]up\b/gi, 'pickup'],
  // An order that leaves the warehouse is dispatched.
  [/\b(?:leave|leaves|left|leaving)\s+(?:the|our)\s+warehouse\b/gi, 'dispatched'],
  // "When will I see my money?" asks for the refund.
  [/\b(?:see|get|receive)\s+(?:the|my|our|this|that)\s+money\b/gi, 'refund'],
  // "get the delivery fee back" asks for a refund of it.
  [/\bget\s+(?:(?:the|my|your|it|them)\s+)?((?:\w+\s+)?\w+\s+)?back\b/gi, 'refund $1'],
  [/\bpay(?:ing)?\s+back\b/gi, 'refund'],
  // Cash on delivery is a way to pay, whether or not the sentence says "pay"; it says nothing
  // about delivery ("how much is delivery?" is not answered by a cash-on-delivery rule).
  [/\bcash[- ]on[- ]delivery\b/gi, 'cash payment'],
  [/\bCOD\b/g, 'cash payment'],
  // "When will my refund show up?" asks when it appears.
  [/\bshow(?:s|ed|ing)?\s+up\b/gi, 'appear'],
  // Limits: "orders up to 150 KWD" states the maximum a question asks for.
  [/\b(?:up to|no more than|at most|not exceeding)\b/gi, 'maximum'],
  [/\b(?:at least|no less than)\b/gi, 'minimum'],
  ...GULF_PHRASES,
];

// Arabic phrases that mean one thing, on folded text.
const ARABIC_PHRASES: readonly [RegExp, string][] = [
  [/(?:^|\s)[وفب]?(?:ال)?دفع\s+عند\s+(?:ال)?استلام(?![\u0621-\u064A])/g, ' الدفع نقدا'],
  // An order that leaves the warehouse is dispatched: "تغادر الطلبات المستودع".
  [
    /(?:^|\s)[يت]?(?:غادر|خرج)(?:\s+\S+){0,2}?\s+(?:من\s+)?(?:ال)?مستودع(?![\u0621-\u064A])/g,
    '$& شحن',
  ],
  ...GULF_ARABIC_PHRASES,
];

const CONCEPT_OF_TERM = new Map<string, string>();
for (const [concept, words] of Object.entries(CONCEPTS)) {
  for (const term of english.terms(words.en)) CONCEPT_OF_TERM.set(term, `~${concept}`);
  for (const term of arabic.terms(words.ar)) CONCEPT_OF_TERM.set(term, `~${concept}`);
}

/** The concept of an analysed term (`~deliver` for "ship" and "توصيل"), or the term itself. */
export function conceptOf(term: string): string {
  return CONCEPT_OF_TERM.get(term) ?? term;
}

// A concept word is a whole word of the list: one step more than a match between two terms
// reaches it from a dialect form ("بيتشحن" → "يتشحن" → "تشحن" → "شحن").
const CONCEPT_STEPS = MATCH_STEPS + 1;

/**
 * {@link conceptOf} for an Arabic term, or for another form of its word when the term itself is
 * none ("تستبدل" is "~exchange" through "بدل"): the nearest form that is a concept wins.
 */
export function arabicConceptOf(term: string): string {
  for (const form of arabicVariants(term, CONCEPT_STEPS)) {
    const concept = CONCEPT_OF_TERM.get(form);
    if (concept !== undefined) return concept;
  }
  return term;
}

/** The concept of an analysed term of either language ({@link conceptOf}, {@link arabicConceptOf}). */
export function termConcept(term: string): string {
  return ARABIC_TERM.test(term) ? arabicConceptOf(term) : conceptOf(term);
}

const ARABIC_TERM = /[\u0600-\u06FF]/;

const PLACE_CONCEPTS = new Set(Object.keys(GULF_PLACES).map((place) => `~${place}`));

/** Whether a term is the concept of a Gulf country or city (`~muscat` for "Muscat" and "مسقط"). */
export function isPlaceConcept(term: string): boolean {
  return PLACE_CONCEPTS.has(term);
}

/**
 * Rewrites chat shorthand ("ur" → "your"), the English phrases that stand for one domain word
 * ("send it back" → "return") and irregular verb forms ("kept" → "keep").
 */
export function rewriteEnglishPhrases(text: string): string {
  let out = baseFormsOfIrregularVerbs(expandEnglishShorthand(text));
  for (const [phrase, word] of ENGLISH_PHRASES) out = out.replace(phrase, word);
  return out;
}

/**
 * Rewrites the Arabic phrases that stand for one word ("أبو ظبي" → "ابوظبي") and paying on
 * delivery as paying cash, as English does, on the folded text it returns.
 */
export function rewriteArabicPhrases(text: string): string {
  let out = normalizeArabic(text);
  for (const [phrase, word] of ARABIC_PHRASES) out = out.replace(phrase, word);
  return out;
}

/** The English and Arabic words of a concept (`~deliver`), as listed; empty for a plain term. */
export function conceptWords(concept: string): { en: string[]; ar: string[] } {
  const words = CONCEPTS[concept.replace(/^~/, '')];
  if (words === undefined) return { en: [], ar: [] };
  return { en: words.en.split(' ').filter(Boolean), ar: words.ar.split(' ').filter(Boolean) };
}
