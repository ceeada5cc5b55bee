import type { CurrencyCode, DurationUnit } from './quantity.js';

/** Duration words after a number. Arabic entries are compared after normalisation, like the text. */
export const DURATION_UNITS: Readonly<Record<string, DurationUnit>> = {
  minute: 'minute',
  minutes: 'minute',
  min: 'minute',
  mins: 'minute',
  hour: 'hour',
  hours: 'hour',
  hr: 'hour',
  hrs: 'hour',
  h: 'hour',
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  wk: 'week',
  wks: 'week',
  month: 'month',
  months: 'month',
  year: 'year',
  years: 'year',
  yr: 'year',
  yrs: 'year',
  دقيقة: 'minute',
  دقائق: 'minute',
  ساعة: 'hour',
  ساعات: 'hour',
  يوم: 'day',
  أيام: 'day',
  يوماً: 'day',
  أسبوع: 'week',
  أسابيع: 'week',
  أسبوعاً: 'week',
  شهر: 'month',
  أشهر: 'month',
  شهور: 'month',
  شهراً: 'month',
  سنة: 'year',
  سنوات: 'year',
  سنين: 'year',
  عام: 'year',
  أعوام: 'year',
  عاماً: 'year',
};

/** Words between a number and its duration unit that mark working days ("5 working days"). */
export const WORKING_WORDS: readonly string[] = ['working', 'business'];

/** Words after an Arabic duration unit that mark working days ("5 أيام عمل"). */
export const ARABIC_WORKING_WORDS: readonly string[] = ['عمل'];

/** Adjectives that may sit between a number and its unit ("14 calendar days"). */
export const UNIT_ADJECTIVES: readonly string[] = [
  'calendar',
  'full',
  'more',
  'extra',
  'additional',
  'consecutive',
];

/** Currency codes and names; `null` for a name that several currencies share (riyal, dinar). */
export const CURRENCY_WORDS: Readonly<Record<string, CurrencyCode | null>> = {
  sar: 'SAR',
  sr: 'SAR',
  aed: 'AED',
  kwd: 'KWD',
  qar: 'QAR',
  bhd: 'BHD',
  omr: 'OMR',
  riyal: null,
  riyals: null,
  rial: null,
  rials: null,
  dirham: 'AED',
  dirhams: 'AED',
  dinar: null,
  dinars: null,
  ريال: null,
  ريالاً: null,
  ريالات: null,
  درهم: 'AED',
  دراهم: 'AED',
  درهماً: 'AED',
  دينار: null,
  دنانير: null,
  ديناراً: null,
};

/** Currency codes that may come before the amount ("SAR 150"). */
export const CURRENCY_PREFIXES: readonly string[] = [
  'sar',
  'sr',
  'aed',
  'kwd',
  'qar',
  'bhd',
  'omr',
];

/** A nationality after an Arabic currency name settles which one it is ("ريال سعودي"). */
export const CURRENCY_NATIONALITIES: Readonly<Record<string, CurrencyCode>> = {
  سعودي: 'SAR',
  قطري: 'QAR',
  عماني: 'OMR',
  إماراتي: 'AED',
  كويتي: 'KWD',
  بحريني: 'BHD',
};

/** Abbreviations with a dot, rewritten to a code before tokenising (after normalisation: إ → ا). */
export const DOTTED_CURRENCIES: readonly (readonly [RegExp, string])[] = [
  [/(?<!\p{L})ر\.\s?س\.?(?!\p{L})/gu, ' sar '],
  [/(?<!\p{L})د\.\s?ا\.?(?!\p{L})/gu, ' aed '],
  [/(?<!\p{L})د\.\s?ك\.?(?!\p{L})/gu, ' kwd '],
  [/(?<!\p{L})ر\.\s?ق\.?(?!\p{L})/gu, ' qar '],
  [/(?<!\p{L})د\.\s?ب\.?(?!\p{L})/gu, ' bhd '],
  [/(?<!\p{L})ر\.\s?ع\.?(?!\p{L})/gu, ' omr '],
];

/** Words for "percent" after a number (both spellings of مئة). */
export const PERCENT_WORDS: readonly string[] = ['percent', 'pct', 'بالمئة', 'بالمائة'];

/** Two-word forms of "percent". */
export const PERCENT_PHRASES: readonly (readonly [string, string])[] = [
  ['per', 'cent'],
  ['في', 'المئة'],
  ['في', 'المائة'],
];

/** Words that join the two ends of a range ("3-5 days", "3 to 5 days", "بين 3 و5 أيام"). */
export const RANGE_WORDS: readonly string[] = ['to', 'or', 'and', 'إلى', 'أو', 'و'];
