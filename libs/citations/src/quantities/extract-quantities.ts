import { lookupArabic } from './arabic-lookup.js';
import { normalizedSet, normalizedTable } from './normalized-table.js';
import {
  ARABIC_DUALS,
  ARABIC_NUMBER_WORDS,
  ARABIC_ONE_WORDS,
  ARABIC_TEEN_HEADS,
  ARABIC_TEN_WORDS,
  ARABIC_TENS_WORDS,
  ENGLISH_NUMBER_WORDS,
  ENGLISH_TENS,
  ENGLISH_UNIT_WORDS,
  ONE_WORDS,
  SINGLE_COUNT_UNITS,
  SINGLE_UNIT_WORDS,
} from './number-words.js';
import type { CurrencyCode, DurationUnit, Quantity, QuantityKind } from './quantity.js';
import {
  AFTERNOON_WORDS,
  ARABIC_SINGLE_UNIT_LEADS,
  ARABIC_SINGULAR_UNITS,
  MORNING_WORDS,
} from './time-words.js';
import {
  prepareQuantityText,
  tokenizeQuantities,
  type QuantityToken,
} from './tokenize-quantities.js';
import {
  ARABIC_WORKING_WORDS,
  CURRENCY_NATIONALITIES,
  CURRENCY_PREFIXES,
  CURRENCY_WORDS,
  DURATION_UNITS,
  PERCENT_PHRASES,
  PERCENT_WORDS,
  RANGE_WORDS,
  UNIT_ADJECTIVES,
  WORKING_WORDS,
} from './units.js';

const englishNumbers = normalizedTable(ENGLISH_NUMBER_WORDS);
const englishUnits = normalizedTable(ENGLISH_UNIT_WORDS);
const arabicNumbers = normalizedTable(ARABIC_NUMBER_WORDS);
const arabicTens = normalizedTable(ARABIC_TENS_WORDS);
const arabicTeenHeads = normalizedTable(ARABIC_TEEN_HEADS);
const arabicOnes = normalizedTable(ARABIC_ONE_WORDS);
const arabicDuals = normalizedTable(ARABIC_DUALS);
const arabicTen = normalizedSet(ARABIC_TEN_WORDS);
const durations = normalizedTable(DURATION_UNITS);
const currencies = normalizedTable(CURRENCY_WORDS);
const nationalities = normalizedTable(CURRENCY_NATIONALITIES);
const currencyPrefixes = normalizedSet(CURRENCY_PREFIXES);
const working = normalizedSet(WORKING_WORDS);
const arabicWorking = normalizedSet(ARABIC_WORKING_WORDS);
const adjectives = normalizedSet(UNIT_ADJECTIVES);
const percentWords = normalizedSet(PERCENT_WORDS);
const percentPhrases = PERCENT_PHRASES.map(([a, b]) => [
  ...normalizedSet([a]),
  ...normalizedSet([b]),
]);
const rangeWords = normalizedSet(RANGE_WORDS);
const singleUnitWords = normalizedSet(SINGLE_UNIT_WORDS);
const oneWords = normalizedSet(ONE_WORDS);
const morningWords = normalizedSet(MORNING_WORDS);
const afternoonWords = normalizedSet(AFTERNOON_WORDS);
const NOON = 12;
const arabicSingleUnitLeads = normalizedSet(ARABIC_SINGLE_UNIT_LEADS);
const arabicSingularUnits = normalizedSet(ARABIC_SINGULAR_UNITS);

interface Found {
  value: number;
  first: number;
  /** Index after the last token of the number itself. */
  end: number;
  unit?: DurationUnit;
}

interface Unit {
  kind: QuantityKind;
  unit?: DurationUnit | CurrencyCode;
  working?: boolean;
  /** Index after the last token of the unit. */
  end: number;
}

interface Located extends Quantity {
  first: number;
  last: number;
}

function wordAt(tokens: readonly QuantityToken[], index: number): string | undefined {
  const token = tokens[index];
  return token?.type === 'word' ? token.word : undefined;
}

function symbolAt(tokens: readonly QuantityToken[], index: number, symbol: '%' | '-'): boolean {
  const token = tokens[index];
  return token?.type === 'symbol' && token.symbol === symbol;
}

/** Arabic tens after "و", as one word ("وعشرين") or two ("و عشرين"): [tens, next index]. */
function arabicTensAfter(tokens: readonly QuantityToken[], index: number): [number, number] | null {
  const word = wordAt(tokens, index);
  if (word === undefined || !word.startsWith('\u0648')) return null;
  const joined = arabicTens.get(word.slice(1));
  if (joined !== undefined) return [joined, index + 1];
  const next = arabicTens.get(wordAt(tokens, index + 1) ?? '');
  return word === '\u0648' && next !== undefined ? [next, index + 2] : null;
}

function englishNumber(
  tokens: readonly QuantityToken[],
  index: number,
  word: string,
): Found | null {
  const value = englishNumbers.get(word);
  if (value === undefined) return null;
  if (ENGLISH_TENS.includes(value)) {
    const unitIndex = symbolAt(tokens, index + 1, '-') ? index + 2 : index + 1;
    const unit = englishUnits.get(wordAt(tokens, unitIndex) ?? '');
    if (unit !== undefined) return { value: value + unit, first: index, end: unitIndex + 1 };
  }
  return { value, first: index, end: index + 1 };
}

function arabicNumber(tokens: readonly QuantityToken[], index: number, word: string): Found | null {
  const dual = lookupArabic(arabicDuals, word);
  if (dual !== undefined) return { value: 2, first: index, end: index + 1, unit: dual };

  const tenFollows = arabicTen.has(wordAt(tokens, index + 1) ?? '');
  const teenHead = lookupArabic(arabicTeenHeads, word);
  if (teenHead !== undefined && tenFollows)
    return { value: 10 + teenHead, first: index, end: index + 2 };

  const unit = lookupArabic(arabicNumbers, word);
  const one = lookupArabic(arabicOnes, word);
  const small = unit ?? one;
  if (small !== undefined && small < 10) {
    if (tenFollows && one === undefined) return { value: 10 + small, first: index, end: index + 2 };
    const tens = arabicTensAfter(tokens, index + 1);
    if (tens) return { value: small + tens[0], first: index, end: tens[1] };
  }
  // "واحد" alone is not a count.
  if (unit !== undefined) return { value: unit, first: index, end: index + 1 };

  const tens = lookupArabic(arabicTens, word);
  return tens === undefined ? null : { value: tens, first: index, end: index + 1 };
}

/** Whether the word at `index` is a week, month or year unit (singular or plural as written). */
function longUnitAt(tokens: readonly QuantityToken[], index: number): boolean {
  const unit = durations.get(wordAt(tokens, index) ?? '');
  return unit !== undefined && SINGLE_COUNT_UNITS.includes(unit);
}

/**
 * One of a long unit: "a year", "one month" (the unit read after it), or the Arabic singular
 * after a word of duration, "خلال سنة" (the unit is the number's own word).
 */
function singleUnit(tokens: readonly QuantityToken[], index: number, word: string): Found | null {
  if (singleUnitWords.has(word) && longUnitAt(tokens, index + 1))
    return { value: 1, first: index, end: index + 1 };
  if (oneWords.has(word) && unitAfter(tokens, index + 1)?.kind === 'duration')
    return { value: 1, first: index, end: index + 1 };
  const unit = durations.get(word);
  if (
    unit !== undefined &&
    arabicSingularUnits.has(word) &&
    arabicSingleUnitLeads.has(wordAt(tokens, index - 1) ?? '')
  )
    return { value: 1, first: index, end: index + 1, unit };
  return null;
}

function numberAt(tokens: readonly QuantityToken[], index: number): Found | null {
  const token = tokens[index];
  if (token === undefined) return null;
  if (token.type === 'number') return { value: token.value, first: index, end: index + 1 };
  if (token.type !== 'word') return null;
  return (
    englishNumber(tokens, index, token.word) ??
    arabicNumber(tokens, index, token.word) ??
    singleUnit(tokens, index, token.word)
  );
}

/** The unit written after a number, if any: duration, currency or percent. */
function unitAfter(tokens: readonly QuantityToken[], from: number): Unit | null {
  if (symbolAt(tokens, from, '%')) return { kind: 'percentage', end: from + 1 };
  // "10-day", "14 calendar days", "5 working days".
  let index = symbolAt(tokens, from, '-') ? from + 1 : from;
  let isWorking = false;
  for (;;) {
    const word = wordAt(tokens, index);
    if (word === undefined) return null;
    if (working.has(word)) isWorking = true;
    else if (!adjectives.has(word)) break;
    index += 1;
  }
  const word = wordAt(tokens, index) ?? '';
  const next = wordAt(tokens, index + 1) ?? '';

  const duration = durations.get(word);
  if (duration !== undefined) {
    const arabicDays = arabicWorking.has(next);
    return {
      kind: 'duration',
      unit: duration,
      working: isWorking || arabicDays,
      end: index + (arabicDays ? 2 : 1),
    };
  }
  if (currencies.has(word)) {
    const byNationality = nationalities.get(next);
    const code = byNationality ?? currencies.get(word) ?? undefined;
    return { kind: 'price', ...(code ? { unit: code } : {}), end: index + (byNationality ? 2 : 1) };
  }
  if (percentWords.has(word)) return { kind: 'percentage', end: index + 1 };
  if (percentPhrases.some(([a, b]) => a === word && b === next)) {
    return { kind: 'percentage', end: index + 2 };
  }
  return null;
}

/** A currency code or a percent sign written before the number ("SAR 150", "%10"). */
function unitBefore(tokens: readonly QuantityToken[], index: number): Unit | null {
  if (symbolAt(tokens, index, '%')) return { kind: 'percentage', end: index };
  const word = wordAt(tokens, index);
  if (word === undefined || !currencyPrefixes.has(word)) return null;
  const code = currencies.get(word);
  return { kind: 'price', ...(code ? { unit: code } : {}), end: index };
}

function isRangeJoint(tokens: readonly QuantityToken[], from: number, to: number): boolean {
  if (to - from !== 1) return false;
  return symbolAt(tokens, from, '-') || rangeWords.has(wordAt(tokens, from) ?? '');
}

function readQuantity(
  tokens: readonly QuantityToken[],
  index: number,
  number: Found,
  prefixFree: boolean,
): Located {
  const quantity: Located = {
    value: number.value,
    kind: 'number',
    text: '',
    first: number.first,
    last: number.end - 1,
  };
  if (number.unit) {
    quantity.kind = 'duration';
    quantity.unit = number.unit;
    if (arabicWorking.has(wordAt(tokens, number.end) ?? '')) {
      quantity.working = true;
      quantity.last = number.end;
    }
    return quantity;
  }
  // A clock hour: "4 PM" is 16, "10 AM" is 10.
  const clockWord = wordAt(tokens, number.end) ?? '';
  if (morningWords.has(clockWord) || afternoonWords.has(clockWord)) {
    if (afternoonWords.has(clockWord) && quantity.value < NOON) quantity.value += NOON;
    quantity.clock = true;
    quantity.last = number.end;
    return quantity;
  }
  const unit = unitAfter(tokens, number.end) ?? (prefixFree ? unitBefore(tokens, index - 1) : null);
  if (!unit) return quantity;
  quantity.kind = unit.kind;
  if (unit.unit !== undefined) quantity.unit = unit.unit;
  if (unit.working) quantity.working = true;
  if (unit.end > number.end) quantity.last = unit.end - 1;
  else quantity.first = index - 1;
  return quantity;
}

/**
 * Every quantity a text states, in order, each with a canonical value:
 *
 * - digits in Western, Arabic-Indic (٠-٩) or Persian (۰-۹) form; thousands separators "," and "٬"
 *   only between groups of exactly three digits ("1,500", "١٬٥٠٠" → 1500; "1,5" is 1 and 5);
 *   decimals with "." or "٫" ("١٫٥" → 1.5); a clock time "10:30" reads as 10.5;
 * - number words ({@link ENGLISH_NUMBER_WORDS}, {@link ARABIC_NUMBER_WORDS}, the Arabic teens,
 *   tens and duals: "يومين" is 2 days);
 * - the unit after it: durations (minutes to years; "working" / "business" / "عمل" days), prices
 *   (SAR, AED, KWD, QAR, BHD, OMR, SR, riyal, dirham, dinar, ريال, درهم, دينار, ر.س, ﷼),
 *   percentages ("%", "٪", "percent", "بالمئة", "في المئة"); or a currency code or "%" before it;
 * - a range shares its unit: "3-5 days", "3 to 5 days", "بين 3 و5 أيام" are two durations.
 *
 * Citation markers are ignored. A number with no unit is of kind `number`.
 */
export function extractQuantities(text: string): Quantity[] {
  const prepared = prepareQuantityText(text);
  const tokens = tokenizeQuantities(prepared);
  const found: Located[] = [];

  let index = 0;
  let consumedUpTo = -1;
  while (index < tokens.length) {
    const number = numberAt(tokens, index);
    if (!number) {
      index += 1;
      continue;
    }
    const quantity = readQuantity(tokens, index, number, consumedUpTo < index - 1);
    quantity.text = prepared.slice(
      tokens[quantity.first]?.start ?? 0,
      tokens[quantity.last]?.end ?? 0,
    );
    found.push(quantity);
    consumedUpTo = quantity.last;
    index = quantity.last + 1;
  }

  // A range: the first end takes the unit of the second ("3-5 days").
  for (let i = found.length - 2; i >= 0; i -= 1) {
    const left = found[i];
    const right = found[i + 1];
    if (left && right && left.kind === 'number' && right.kind !== 'number') {
      if (isRangeJoint(tokens, left.last + 1, right.first)) {
        left.kind = right.kind;
        if (right.unit !== undefined) left.unit = right.unit;
        if (right.working) left.working = true;
      }
    }
  }

  return found.map(({ first: _first, last: _last, ...quantity }) => quantity);
}
