import { ARABIC_WORD, withoutLetterClitic } from './arabic-lookup.js';
import { normalizedSet, normalizedTable } from './normalized-table.js';
import { ONE_WORDS, SINGLE_COUNT_UNITS, SINGLE_UNIT_WORDS } from './number-words.js';
import { halfAt, scaleOf, wordAt, wordNumberAt } from './read-number-words.js';
import type { CurrencyCode, DurationUnit, Quantity, QuantityKind } from './quantity.js';
import {
  AFTERNOON_WORDS,
  ARABIC_SINGLE_UNIT_LEADS,
  ARABIC_SINGULAR_UNITS,
  MORNING_WORDS,
  NIGHT_WORDS,
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
const morningWords = normalizedSet(MORNING_WORDS);
const afternoonWords = normalizedSet(AFTERNOON_WORDS);
const nightWords = normalizedSet(NIGHT_WORDS);
const NOON = 12;
// The hours a night word puts after noon: "11 at night" is 23, "2 at night" stays 2.
const EVENING = 6;
const arabicSingleUnitLeads = normalizedSet(ARABIC_SINGLE_UNIT_LEADS);
const arabicSingularUnits = normalizedSet(ARABIC_SINGULAR_UNITS);

interface Found {
  value: number;
  first: number;
  /** Index after the last token of the number itself. */
  end: number;
  unit?: DurationUnit;
  /** Where its unit is written when it comes first (Arabic "one day" is "day one"). */
  unitAt?: number;
  /** That unit without the clitic letter written onto it ("in a day" as one Arabic word). */
  bareUnit?: string;
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
  /** Its unit is written before it ("AED 150"). */
  unitFirst?: boolean;
}

function symbolAt(tokens: readonly QuantityToken[], index: number, symbol: '%' | '-'): boolean {
  const token = tokens[index];
  return token?.type === 'symbol' && token.symbol === symbol;
}

/** Whether the word at `index` is a week, month or year unit (singular or plural as written). */
function longUnitAt(tokens: readonly QuantityToken[], index: number): boolean {
  const unit = durations.get(wordAt(tokens, index) ?? '');
  return unit !== undefined && SINGLE_COUNT_UNITS.includes(unit);
}

/**
 * One of a unit: "a year", "one month" (the unit read after it), the Arabic singular after a word
 * of duration ("within a year"; the unit is the number's own word), or a unit counted after it,
 * as Arabic counts one ("a working day one", "an hour and a half"; the half is read with the
 * quantity).
 */
function singleUnit(tokens: readonly QuantityToken[], index: number, word: string): Found | null {
  if (SINGLE_UNIT_WORDS.has(word) && longUnitAt(tokens, index + 1))
    return { value: 1, first: index, end: index + 1 };
  // "one hour"; Arabic puts its "one" after the unit (below).
  if (
    ONE_WORDS.has(word) &&
    !ARABIC_WORD.test(word) &&
    unitAfter(tokens, index + 1)?.kind === 'duration'
  )
    return { value: 1, first: index, end: index + 1 };
  const unit = durations.get(word);
  if (
    unit !== undefined &&
    arabicSingularUnits.has(word) &&
    arabicSingleUnitLeads.has(wordAt(tokens, index - 1) ?? '')
  )
    return { value: 1, first: index, end: index + 1, unit };
  return unitCountedAfter(tokens, index, word);
}

const isUnit = (word: string) => durations.has(word) || currencies.has(word);

/** A unit followed by "one" (quantity.one_words) or by a half: one of it, as Arabic counts. */
function unitCountedAfter(
  tokens: readonly QuantityToken[],
  index: number,
  word: string,
): Found | null {
  const bare = isUnit(word) ? word : withoutLetterClitic(word);
  if (bare === undefined || !isUnit(bare)) return null;
  const unit = unitAfter(tokens, index, bare);
  if (unit === null || unit.kind === 'percentage') return null;
  if (ONE_WORDS.has(wordAt(tokens, unit.end) ?? ''))
    return { value: 1, first: index, end: unit.end + 1, unitAt: index, bareUnit: bare };
  // A half needs the unit as written: with a clitic letter it is no quantity here.
  if (bare === word && halfAt(tokens, unit.end) > 0)
    return { value: 1, first: index, end: unit.end, unitAt: index };
  return null;
}

function numberAt(tokens: readonly QuantityToken[], index: number): Found | null {
  const token = tokens[index];
  if (token === undefined) return null;
  if (token.type === 'number') {
    // "2 thousand": digits, then a scale.
    const scale = scaleOf(wordAt(tokens, index + 1));
    return scale === undefined
      ? { value: token.value, first: index, end: index + 1 }
      : { value: token.value * scale, first: index, end: index + 2 };
  }
  if (token.type !== 'word') return null;
  return wordNumberAt(tokens, index) ?? singleUnit(tokens, index, token.word);
}

/**
 * The unit written after a number, if any: duration, currency or percent. `bareUnit`: the word at
 * `from` without the clitic letter written onto it.
 */
function unitAfter(tokens: readonly QuantityToken[], from: number, bareUnit?: string): Unit | null {
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
  const word = (index === from ? bareUnit : undefined) ?? wordAt(tokens, index) ?? '';
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
  // "three and a half days", "an hour and a half": a half after the number or after its unit.
  const addHalf = (at: number): number => {
    const half = halfAt(tokens, at);
    if (half > 0) {
      quantity.value += 0.5;
      quantity.last = Math.max(quantity.last, at + half - 1);
    }
    return at + half;
  };
  if (number.unit) {
    quantity.kind = 'duration';
    quantity.unit = number.unit;
    if (arabicWorking.has(wordAt(tokens, number.end) ?? '')) {
      quantity.working = true;
      quantity.last = number.end;
    }
    addHalf(quantity.last + 1);
    return quantity;
  }
  // A clock hour: "4 PM" is 16, "10 AM" is 10, "11 at night" 23.
  const clockWord = wordAt(tokens, number.end) ?? '';
  const night = nightWords.has(clockWord);
  if (morningWords.has(clockWord) || afternoonWords.has(clockWord) || night) {
    const evening = night ? quantity.value >= EVENING : afternoonWords.has(clockWord);
    if (evening && quantity.value < NOON) quantity.value += NOON;
    quantity.clock = true;
    quantity.last = number.end;
    return quantity;
  }
  const unitFrom = number.unitAt ?? addHalf(number.end);
  const unit =
    unitAfter(tokens, unitFrom, number.bareUnit) ??
    (prefixFree ? unitBefore(tokens, index - 1) : null);
  if (!unit) return quantity;
  quantity.kind = unit.kind;
  if (unit.unit !== undefined) quantity.unit = unit.unit;
  if (unit.working) quantity.working = true;
  if (unit.end > unitFrom) quantity.last = Math.max(quantity.last, unit.end - 1);
  else {
    quantity.first = index - 1;
    quantity.unitFirst = true;
  }
  if (number.unitAt === undefined) addHalf(quantity.last + 1);
  else addHalf(unit.end);
  return quantity;
}

/**
 * Every quantity a text states, in order, each with a canonical value:
 *
 * - digits in Western, Arabic-Indic (٠-٩) or Persian (۰-۹) form; thousands separators "," and "٬"
 *   only between groups of exactly three digits ("1,500", "١٬٥٠٠" → 1500; "1,5" is 1 and 5);
 *   decimals with "." or "٫" ("١٫٥" → 1.5); a clock time "10:30" reads as 10.5;
 * - numbers in words ({@link wordNumberAt}: "three hundred", their Arabic forms, the Arabic duals
 *   that are two of a unit), a unit counted after it as Arabic counts one, a half;
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

  // A range: the first end takes the unit of the second ("3-5 days"), and the second that of the
  // first when a currency is written before it ("AED 150 – 3,000").
  for (let i = 0; i + 1 < found.length; i += 1) {
    const left = found[i]!;
    const right = found[i + 1]!;
    if (left.kind !== 'price' || right.kind !== 'number' || !left.unitFirst) continue;
    if (!isRangeJoint(tokens, left.last + 1, right.first)) continue;
    right.kind = 'price';
    if (left.unit !== undefined) right.unit = left.unit;
  }
  for (let i = found.length - 2; i >= 0; i -= 1) {
    const left = found[i];
    const right = found[i + 1];
    if (!left || !right || !isRangeJoint(tokens, left.last + 1, right.first)) continue;
    if (left.kind === 'number' && right.kind !== 'number') {
      left.kind = right.kind;
      if (right.unit !== undefined) left.unit = right.unit;
      if (right.working) left.working = true;
    }
    // A dual that opens a range of working days counts working days too.
    if (left.kind === 'duration' && left.unit === right.unit && right.working) left.working = true;
  }

  return found.map(
    ({ first: _first, last: _last, unitFirst: _unitFirst, ...quantity }) => quantity,
  );
}
