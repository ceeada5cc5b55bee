import {
  afterJoiner,
  ARABIC_NUMBER_JOINERS,
  ARABIC_WORD,
  lookupArabic,
  withoutLetterClitic,
} from './arabic-lookup.js';
import {
  COUNTED_DUALS,
  DUALS,
  HALF_PHRASES,
  NUMBER_JOINERS,
  NUMBER_WORDS,
  ONE_WORDS,
  SCALE_WORDS,
  SINGLE_UNIT_WORDS,
  TEEN_HEADS,
  TEN_WORDS,
  TENS_WORDS,
  WHOLE_NUMBER_WORDS,
} from './number-words.js';
import type { DurationUnit } from './quantity.js';
import type { QuantityToken } from './tokenize-quantities.js';

/** A number read from words: its value and the tokens it spans (`end` is past the last). */
export interface WordNumber {
  readonly value: number;
  readonly first: number;
  readonly end: number;
  /** A dual carries its unit (two days in one word). */
  readonly unit?: DurationUnit;
}

const HUNDRED = 100;

export function wordAt(tokens: readonly QuantityToken[], index: number): string | undefined {
  const token = tokens[index];
  return token?.type === 'word' ? token.word : undefined;
}

function dashAt(tokens: readonly QuantityToken[], index: number): boolean {
  const token = tokens[index];
  return token?.type === 'symbol' && token.symbol === '-';
}

/**
 * A scale as written, alone or with one clitic letter ("for a hundred"), never with the article:
 * the article and "hundred" together are the Arabic "percent".
 */
export function scaleOf(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const scale = SCALE_WORDS.get(word);
  if (scale !== undefined) return scale;
  const bare = withoutLetterClitic(word);
  return bare === undefined ? undefined : SCALE_WORDS.get(bare);
}

/** The length of the half phrase ("and a half", quantity.half_words) at `index`, or 0. */
export function halfAt(tokens: readonly QuantityToken[], index: number): number {
  for (const phrase of HALF_PHRASES)
    if (phrase.every((word, offset) => wordAt(tokens, index + offset) === word))
      return phrase.length;
  return 0;
}

/**
 * A number below a hundred written in words, at `index`: a unit or teen ("fourteen"), a tens word
 * with its unit (English "twenty-one", the unit after the tens; Arabic puts it before, joined), or
 * "one" when `withOne`.
 */
function belowHundred(
  tokens: readonly QuantityToken[],
  index: number,
  withOne: boolean,
): WordNumber | null {
  const word = wordAt(tokens, index);
  if (word === undefined) return null;
  const tens = lookupArabic(TENS_WORDS, word);
  if (tens !== undefined) {
    // English: the unit after the tens ("forty-five").
    const unitIndex = dashAt(tokens, index + 1) ? index + 2 : index + 1;
    const after = wordAt(tokens, unitIndex) ?? '';
    const unit = NUMBER_WORDS.get(after) ?? ONE_WORDS.get(after);
    if (unit !== undefined && unit < 10 && !ARABIC_WORD.test(after))
      return { value: tens + unit, first: index, end: unitIndex + 1 };
    return { value: tens, first: index, end: index + 1 };
  }
  const tenFollows = TEN_WORDS.has(wordAt(tokens, index + 1) ?? '');
  const teenHead = lookupArabic(TEEN_HEADS, word);
  if (teenHead !== undefined && tenFollows)
    return { value: 10 + teenHead, first: index, end: index + 2 };
  const unit = lookupArabic(NUMBER_WORDS, word);
  const one = lookupArabic(ONE_WORDS, word);
  const small = unit ?? one;
  if (small !== undefined && small < 10 && ARABIC_WORD.test(word)) {
    if (tenFollows && one === undefined) return { value: 10 + small, first: index, end: index + 2 };
    // Arabic: the unit before the tens, the joiner glued to the tens or apart.
    const next = wordAt(tokens, index + 1) ?? '';
    const glued = TENS_WORDS.get(afterJoiner(next) ?? '');
    if (glued !== undefined) return { value: small + glued, first: index, end: index + 2 };
    const apart = ARABIC_NUMBER_JOINERS.includes(next)
      ? TENS_WORDS.get(wordAt(tokens, index + 2) ?? '')
      : undefined;
    if (apart !== undefined) return { value: small + apart, first: index, end: index + 3 };
  }
  if (unit !== undefined) return { value: unit, first: index, end: index + 1 };
  return withOne && one !== undefined ? { value: 1, first: index, end: index + 1 } : null;
}

/** A whole hundred or thousand of one word (quantity.whole_numbers), as written or after a prefix. */
function wholeAt(tokens: readonly QuantityToken[], index: number): number | undefined {
  const word = wordAt(tokens, index);
  return word === undefined ? undefined : lookupArabic(WHOLE_NUMBER_WORDS, word);
}

/**
 * Where the next part of a number starts after a scale or a whole word, or undefined: directly
 * ("one thousand five hundred"), after a joiner word ("two hundred and fifty") or with the Arabic
 * joiner glued to it; a joiner only joins when a part follows it.
 */
function nextPartAt(tokens: readonly QuantityToken[], at: number): number | undefined {
  const word = wordAt(tokens, at);
  if (word === undefined) return undefined;
  if (NUMBER_JOINERS.has(word)) return partAt(tokens, at + 1) ? at + 1 : undefined;
  return partAt(tokens, at, true) ? at : undefined;
}

/**
 * A number written in words at `index`, with its scales (quantity.scales, quantity.whole_numbers):
 * "three hundred" (300), "two hundred and fifty" (250), "one thousand five hundred", "a hundred",
 * and their Arabic forms. A dual is two of its unit. "one" and "a" alone are no number here (the
 * caller reads them beside a unit).
 */
export function wordNumberAt(tokens: readonly QuantityToken[], index: number): WordNumber | null {
  const first = wordAt(tokens, index);
  if (first === undefined) return null;
  const dual = lookupArabic(DUALS, first);
  if (dual !== undefined) return { value: 2, first: index, end: index + 1, unit: dual };
  const counted = lookupArabic(COUNTED_DUALS, first);
  if (counted !== undefined) return { value: counted, first: index, end: index + 1 };

  let total = 0;
  let current = 0;
  let at = index;
  let read = false;
  for (;;) {
    const word = wordAt(tokens, at);
    if (word === undefined) break;
    // "a hundred": one of the scale.
    if (!read && SINGLE_UNIT_WORDS.has(word) && scaleOf(wordAt(tokens, at + 1)) !== undefined) {
      current = 1;
      read = true;
      at += 1;
      continue;
    }
    const scale = scaleOf(word);
    const whole = scale === undefined ? wholeAt(tokens, at) : undefined;
    if (scale !== undefined || whole !== undefined) {
      if (scale === HUNDRED) current = (current || 1) * scale;
      else if (scale !== undefined) [total, current] = [total + (current || 1) * scale, 0];
      else if (whole! % 1000 === 0) total += whole!;
      else current += whole!;
      read = true;
      const next = nextPartAt(tokens, at + 1);
      if (next === undefined) {
        at += 1;
        break;
      }
      at = next;
      continue;
    }
    const part = belowHundred(tokens, at, read || scaleOf(wordAt(tokens, at + 1)) !== undefined);
    if (part === null) break;
    current += part.value;
    read = true;
    at = part.end;
    // After a unit or a tens word only a scale goes on ("five hundred").
    if (scaleOf(wordAt(tokens, at)) === undefined) break;
  }
  if (!read) return null;
  return { value: total + current, first: index, end: at };
}

/**
 * Whether a part of a number starts at `index`: a scale, a whole word or a number below a hundred.
 * `glued`: the Arabic joiner may be attached to it, which is the only way a part follows an Arabic
 * scale without a joiner word.
 */
function partAt(tokens: readonly QuantityToken[], index: number, glued = false): boolean {
  const word = wordAt(tokens, index);
  if (word === undefined) return false;
  if (glued && ARABIC_WORD.test(word) && afterJoiner(word) === undefined) return false;
  return (
    scaleOf(word) !== undefined ||
    wholeAt(tokens, index) !== undefined ||
    belowHundred(tokens, index, true) !== null
  );
}
