import { escapeRegExp, wordList, words } from '@support/language';
import type { CurrencyCode, DurationUnit } from './quantity.js';

/**
 * Duration words after a number, with their unit: the language packs' units and their short forms
 * (libs/language lang/en and lang/ar quantities.yaml), folded like the text they are compared
 * with.
 */
export const DURATION_UNITS: Readonly<Record<string, DurationUnit>> = Object.fromEntries(
  ['quantity.duration_units', 'quantity.duration_abbreviations'].flatMap((list) =>
    Object.entries(wordList(list).pairs).flatMap(([unit, listed]) =>
      listed.map((word) => [word, unit as DurationUnit]),
    ),
  ),
);

/** Words between a number and its duration unit that mark working days ("5 working days"). */
export const WORKING_WORDS: readonly string[] = words('quantity.working_words', 'latin');

/** Words after an Arabic duration unit that mark working days ("5 أيام عمل"). */
export const ARABIC_WORKING_WORDS: readonly string[] = words('quantity.working_words', 'arabic');

/** Adjectives that may sit between a number and its unit ("14 calendar days"). */
export const UNIT_ADJECTIVES: readonly string[] = words('quantity.unit_adjectives');

// The currencies are the trade's one list (libs/language domain/fashion-retail currencies.yaml);
// the quantity check knows the six Gulf currencies it compares.
const GULF: ReadonlySet<string> = new Set<CurrencyCode>(['SAR', 'AED', 'KWD', 'QAR', 'BHD', 'OMR']);

/** The Gulf currency a key of the list names, `null` for a name several share, else undefined. */
function gulfCurrency(key: string): CurrencyCode | null | undefined {
  const codes = key.split(' ');
  if (!codes.every((code) => GULF.has(code))) return undefined;
  return codes.length === 1 ? (codes[0] as CurrencyCode) : null;
}

/** The words of the lists' pairs whose key is a Gulf currency (or several), with that currency. */
function gulfWords(lists: readonly string[]): Record<string, CurrencyCode | null> {
  const table: Record<string, CurrencyCode | null> = {};
  for (const list of lists)
    for (const [key, listed] of Object.entries(wordList(list).pairs)) {
      const currency = gulfCurrency(key);
      if (currency !== undefined) for (const word of listed) table[word] = currency;
    }
  return table;
}

/** Currency codes and names; `null` for a name that several currencies share (riyal, dinar). */
export const CURRENCY_WORDS: Readonly<Record<string, CurrencyCode | null>> = gulfWords([
  'currency.codes',
  'currency.short_forms',
  'currency.names',
  'currency.name_forms',
]);

/** Currency codes that may come before the amount ("SAR 150"). */
export const CURRENCY_PREFIXES: readonly string[] = Object.keys(
  gulfWords(['currency.codes', 'currency.short_forms']),
);

/** A nationality after an Arabic currency name settles which one it is ("ريال سعودي"). */
export const CURRENCY_NATIONALITIES = gulfWords(['currency.nationalities']) as Readonly<
  Record<string, CurrencyCode>
>;

/**
 * Abbreviations with a dot, rewritten to a code before tokenising (after normalisation: إ → ا);
 * one without its dots ("رس") is a word like any other.
 */
export const DOTTED_CURRENCIES: readonly (readonly [RegExp, string])[] = Object.entries(
  gulfWords(['currency.abbreviations']),
)
  .filter(([word]) => word.includes('.'))
  .map(([word, code]) => [
    new RegExp(
      `(?<!\\p{L})${word.split('.').filter(Boolean).map(escapeRegExp).join('\\.\\s?')}\\.?(?!\\p{L})`,
      'gu',
    ),
    ` ${code!.toLowerCase()} `,
  ]);

/** Words for "percent" after a number (both spellings of مئة). */
export const PERCENT_WORDS: readonly string[] = words('quantity.percent_words');

/** A phrase of a list as its two words; the reader compares two tokens. */
function twoWords(phrase: string): readonly [string, string] {
  const [first, second, ...rest] = phrase.split(' ');
  if (first === undefined || second === undefined || rest.length > 0)
    throw new Error(`quantity.percent_phrases: "${phrase}" must be two words`);
  return [first, second];
}

/** Two-word forms of "percent". */
export const PERCENT_PHRASES: readonly (readonly [string, string])[] = words(
  'quantity.percent_phrases',
).map(twoWords);

/**
 * Words that join the two ends of a range ("3 to 5 days", "بين 3 و5 أيام"; the packs'
 * quantity.range_words): a dash is a symbol, read apart.
 */
export const RANGE_WORDS: readonly string[] = words('quantity.range_words').filter((word) =>
  /\p{L}/u.test(word),
);
