import { normalizeArabic } from '../normalize/normalize-arabic.js';
import {
  arabicMatchTerms as arabic,
  englishMatchTerms as english,
} from '../lexical/match-analysers.js';
import { arabicVariants, MATCH_STEPS } from '../stem/arabic-light-stem.js';
import { conceptList } from './concept-lists.js';
import { baseFormsOfIrregularVerbs } from './english-inflections.js';
import { expandEnglishShorthand } from './english-shorthand.js';
import {
  GULF_ARABIC_PHRASES,
  GULF_NAMES,
  GULF_PAYMENT_NAMES,
  GULF_PHRASES,
  GULF_PLACES,
} from './gulf-names.js';

/**
 * The words a fashion shop's customers and policies use for the same thing, in English and
 * Arabic, grouped under one concept (`domain/fashion-retail/shop-concepts.yaml`): its concepts,
 * then the Gulf's places and payment names. Listed as people write them; the analysers turn each
 * into its stem at load.
 */
const CONCEPTS: Readonly<Record<string, { en: string; ar: string }>> = {
  ...conceptList('shop_concepts'),
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
  // Storing a garment is keeping it ("store them folded", "stored flat"); a store is a shop.
  [/\bstor(?:ed|ing|age)\b/gi, 'keep'],
  [
    /\bstores?\s+(?=(?:them|it|my|your|our|the|these|those|this|away|folded|flat|hanging)\b)/gi,
    'keep ',
  ],
  // The delivery address is an address: changing it is not about delivering.
  [/\b(?:delivery|shipping)\s+address(es)?\b/gi, 'address$1'],
  // An order that leaves the warehouse is dispatched.
  [/\b(?:leave|leaves|left|leaving)\s+(?:the|our)\s+warehouse\b/gi, 'dispatched'],
  // "When will I see my money?" asks for the refund.
  [/\b(?:see|get|receive)\s+(?:the|my|our|this|that)\s+money\b/gi, 'refund'],
  // "get the delivery fee back" asks for a refund of it.
  [/\bget\s+(?:(?:the|my|your|it|them)\s+)?((?:\w+\s+)?\w+\s+)?back\b/gi, 'refund $1'],
  [/\bpay(?:ing)?\s+back\b/gi, 'refund'],
  // "Do I pay for the return shipping?", "who pays for it?", "at my expense": what something
  // costs the customer, not how they pay ("can I pay for it with Apple Pay?" stays paying).
  [
    /\b(?:(?:do|does|will|would|should|must)\s+(?:i|we|you|they|customers?)\s+(?:have\s+to\s+|need\s+to\s+)?|(?:have|has|need|needs)\s+to\s+)pays?\s+(?:for|extra)\b/gi,
    'fee for',
  ],
  [/\bwho\s+pays\b/gi, 'fee'],
  [/\bat\s+(?:my|our|your|the\s+customer'?s?)\s+(?:own\s+)?(?:expense|cost)\b/gi, 'fee'],
  // Cash on delivery is a way to pay, whether or not the sentence says "pay"; it says nothing
  // about delivery ("how much is delivery?" is not answered by a cash-on-delivery rule).
  [/\bcash[- ]on[- ]delivery\b/gi, 'cash payment'],
  [/\bCOD\b/g, 'cash payment'],
  // Paying the courier, on arrival or at the door is paying cash on delivery.
  [
    /\bpay(?:s|ing)?\s+(?:(?:in\s+)?cash\s+)?(?:to\s+|when\s+|at\s+)?the\s+(?:courier|driver|delivery\s+(?:guy|man|person)|door)\b/gi,
    'cash payment',
  ],
  [
    /\bpay(?:s|ing)?\s+(?:(?:in\s+)?cash\s+)?(?:on|upon)\s+(?:arrival|delivery)\b/gi,
    'cash payment',
  ],
  // Free of charge, however it is put.
  [
    /\b(?:without|with no|no|free of|at no)\s+(?:extra\s+|additional\s+)?(?:charge|cost|fee)s?\b/gi,
    'free',
  ],
  // Same-day and next-day delivery are when an order arrives, as "today" and "tomorrow" ask.
  [/\bsame[- ]day\b/gi, 'sameday'],
  [/\bnext[- ](?:working[- ])?day\b/gi, 'nextday'],
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
  // Currencies as prices write them ("3.500 د.ب", "15 ر.ع."; the dots are gone by now), as the
  // plural: NLTK's stop words drop the singular "دينار", "ريال" and "درهم".
  [/(?:^|\s)د\s+[بك](?=\s|$)/g, ' دنانير'],
  [/(?:^|\s)ر\s+[سعق](?=\s|$)/g, ' ريالات'],
  [/(?:^|\s)د\s+ا(?=\s|$)/g, ' دراهم'],
  // "أكثر مبلغ", "أقصى مبلغ", "الحد الأقصى": the most an order may be.
  [/(?:^|\s)(?:اكثر|اقصي|اعلي)\s+(?:مبلغ|قيمه)(?![\u0621-\u064A])/g, ' الاقصي'],
  [/(?:^|\s)(?:اقل|ادني)\s+(?:مبلغ|قيمه)(?![\u0621-\u064A])/g, ' الادني'],
  [/(?:^|\s)الحد\s+(الاقصي|الادني)(?![\u0621-\u064A])/g, ' $1'],
  // "تعديل" is changing anything; in the plural a shop means alterations ("تعديلات الخياطة").
  [/(?:^|\s)([وفب]?(?:ال)?)تعديلات(?![\u0621-\u064A])/g, ' $1خياطه'],
  // Receiving a return ("رسوم استلام المرتجع", "لاستلام الشحنة المرتجعة") is the courier's pickup,
  // as "return pickup" is in English, not the delivery of an order.
  [
    /(?:^|\s)[لوب]?(?:ال)?استلام\s+(?=(?:ال)?(?:مرتجع|شحنه\s+المرتجعه|الشحنه\s+المرتجعه))/g,
    ' تجميع ',
  ],
  // The delivery address ("عنوان التوصيل") is an address, as in English.
  [/(?:^|\s)([وفب]?(?:ال)?عنوان)\s+(?:ال)?(?:توصيل|شحن)(?![\u0621-\u064A])/g, ' $1'],
  // Paying the courier ("ادفع كاش للمندوب", "دفعت للمندوب") is paying on delivery.
  [
    /(?:^|\s)[وفب]?(?:ال|ا|ت|ي|ن)?دفع(?:ت)?\s+(?:نقدا\s+)?(?:لل|ل)مندوب(?![\u0621-\u064A])/g,
    ' الدفع نقدا',
  ],
  // Who pays for something, or at whose expense, asks what it costs the customer: "مين يدفع
  // الشحن؟", "على حسابي ولا حسابكم؟".
  [/(?:^|\s)(?:مين|من)\s+(?:ي|ب)?(?:دفع|يدفع)(?![\u0621-\u064A])/g, ' رسوم'],
  [
    /(?:^|\s)علي\s+(?:حسابي|حسابكم|حسابنا|حساب\s+مين|حساب\s+من|حساب\s+العميل)(?![\u0621-\u064A])/g,
    ' رسوم',
  ],
  // Same-day and next-day delivery.
  [
    /(?:^|\s)(?:في\s+)?(?:[بو]?نفس\s+اليوم|(?:ب|في\s+)?اليوم\s+(?:نفسه|ذاته))(?![\u0621-\u064A])/g,
    ' نفساليوم',
  ],
  [/(?:^|\s)(?:في\s+)?(?:اليوم\s+التالي|غدا)(?![\u0621-\u064A])/g, ' اليومالتالي'],
  // Free of charge.
  [
    /(?:^|\s)(?:بدون|بلا|دون|من\s+غير)\s+(?:اي\s+)?(?:رسوم|تكلفه|مقابل)(?![\u0621-\u064A])/g,
    ' مجانا',
  ],
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
const PAYMENT_CONCEPTS = new Set(Object.keys(GULF_PAYMENT_NAMES).map((name) => `~${name}`));

/** Whether a term is the concept of a Gulf country or city (`~muscat` for "Muscat" and "مسقط"). */
export function isPlaceConcept(term: string): boolean {
  return PLACE_CONCEPTS.has(term);
}

/** Whether a term is the concept of a payment brand or instalment word (`~tabby`, `~mada`). */
export function isPaymentConcept(term: string): boolean {
  return PAYMENT_CONCEPTS.has(term);
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
  let out = normalizeArabic(text).replace(GLUED_TO_PLACE, ' $1 $2');
  for (const [phrase, word] of ARABIC_PHRASES) out = out.replace(phrase, word);
  return out;
}

// A place name without the article takes its preposition glued on ("لجدة", "بدبي", "لعمان"),
// which the light stemmer cannot tell from the word's own first letter: written apart, on folded
// text, for the names the place list has.
const GLUED_TO_PLACE = new RegExp(
  `(?:^|\\s)([لبوفك])(${Object.values(GULF_PLACES)
    .flatMap(({ ar }) => ar.split(' '))
    .map((name) => normalizeArabic(name))
    .filter((name) => !name.startsWith('ال'))
    .join('|')})(?![\\u0621-\\u064A])`,
  'g',
);

/** The English and Arabic words of a concept (`~deliver`), as listed; empty for a plain term. */
export function conceptWords(concept: string): { en: string[]; ar: string[] } {
  const words = CONCEPTS[concept.replace(/^~/, '')];
  if (words === undefined) return { en: [], ar: [] };
  return { en: words.en.split(' ').filter(Boolean), ar: words.ar.split(' ').filter(Boolean) };
}
