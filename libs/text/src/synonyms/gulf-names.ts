import { conceptList } from './concept-lists.js';

/** The countries and main cities a Gulf shop ships to (`shop-concepts.yaml`, `gulf_places`). */
export const GULF_PLACES = conceptList('gulf_places');

/** The region's payment brands and instalment words (`shop-concepts.yaml`, `payment_names`). */
export const GULF_PAYMENT_NAMES = conceptList('payment_names');

/** Names every Gulf shop's customers and policies write: its places and payment brands. */
export const GULF_NAMES: Readonly<Record<string, { en: string; ar: string }>> = {
  ...GULF_PLACES,
  ...GULF_PAYMENT_NAMES,
};

/** English names of more than one word, as the one word `GULF_NAMES` lists. */
export const GULF_PHRASES: readonly [RegExp, string][] = [
  [/\bsaudi arabia\b/gi, 'saudi'],
  [/\bunited arab emirates\b/gi, 'uae'],
  [/\babu dhabi\b/gi, 'abudhabi'],
  [/\bamerican express\b/gi, 'amex'],
  [/\bapple pay\b/gi, 'applepay'],
  [/\bgoogle pay\b/gi, 'googlepay'],
  [/\bpay pal\b/gi, 'paypal'],
  [/\bk-?net\b/gi, 'knet'],
  [/\bbenefit\s*pay\b/gi, 'benefitpay'],
  [/\bstc\s*pay\b/gi, 'stcpay'],
];

/** Arabic names of more than one word, on folded text (ا for أ/إ/آ), as one word. */
export const GULF_ARABIC_PHRASES: readonly [RegExp, string][] = [
  [/(?:^|\s)ابو\s+ظبي(?![\u0621-\u064A])/g, ' ابوظبي'],
  [/(?:^|\s)كي\s+نت(?![\u0621-\u064A])/g, ' كينت'],
  [/(?:^|\s)باي\s+بال(?![\u0621-\u064A])/g, ' بايبال'],
  [/(?:^|\s)ماستر\s+كارد(?![\u0621-\u064A])/g, ' ماستركارد'],
  [/(?:^|\s)(?:بنفت|بينفت|بنفيت|بينيفت)\s*(?:باي)?(?![\u0621-\u064A])/g, ' بنفتباي'],
  [/(?:^|\s)(?:اس\s*تي\s*سي)\s*باي(?![\u0621-\u064A])/g, ' اسستيسيباي'],
];
