import { wordList, words } from '@support/language';
import { normalizeText } from '@support/text';
import { normalizedSet } from './normalized-table.js';
import type { DurationUnit } from './quantity.js';

/**
 * The words numbers are written with, from the language packs (libs/language lang/en and lang/ar
 * quantities.yaml, with their reasons): units, teens and tens, "one", scales ("hundred", "ألف"),
 * whole hundreds ("خمسمائة"), duals ("يومين"), the joiners inside a number and the half.
 */

/** A list's pairs as a table from each word to its key read as a number. */
function valued(name: string): ReadonlyMap<string, number> {
  const table = new Map<string, number>();
  for (const [key, listed] of Object.entries(wordList(name).pairs))
    for (const word of listed.map((w) => normalizeText(w)))
      if (!table.has(word)) table.set(word, Number(key));
  return table;
}

/** Two to nineteen (English), two to ten (Arabic). */
export const NUMBER_WORDS = valued('quantity.number_words');
/** Twenty to ninety. */
export const TENS_WORDS = valued('quantity.tens');
/** "one", "واحد": a count only inside a number or beside its unit. */
export const ONE_WORDS = valued('quantity.one_words');
/** The first words of the Arabic 11 and 12. */
export const TEEN_HEADS = valued('quantity.teen_heads');
/** "عشر" / "عشرة" after an Arabic unit. */
export const TEN_WORDS = normalizedSet(words('quantity.ten_words'));
/** Hundred and thousand. */
export const SCALE_WORDS = valued('quantity.scales');
/** Hundreds and thousands of one word ("خمسمائة", "ألفين"). */
export const WHOLE_NUMBER_WORDS = valued('quantity.whole_numbers');
/** Duals of the things a shop counts ("نقطتان" is 2): a number with no unit. */
export const COUNTED_DUALS = valued('quantity.counted_duals');
/** "a" / "an", which count one before a long unit or a scale. */
export const SINGLE_UNIT_WORDS = normalizedSet(words('quantity.single_unit_words'));
/** The words that join the parts of one number after a scale ("and", "و"). */
export const NUMBER_JOINERS = normalizedSet(words('quantity.number_joiners'));
/** "and a half", "ونص", each as its words. */
export const HALF_PHRASES: readonly (readonly string[])[] = words('quantity.half_words').map(
  (phrase) => normalizeText(phrase).split(/\s+/u),
);

/** Arabic duals that are a count and a unit in one word: "يومين" is two days. */
export const DUALS: ReadonlyMap<string, DurationUnit> = new Map(
  Object.entries(wordList('quantity.duals').pairs).flatMap(([unit, listed]) =>
    listed.map((word) => [normalizeText(word), unit as DurationUnit] as const),
  ),
);

/** The long units a {@link SINGLE_UNIT_WORDS} word counts, and an Arabic singular stands for. */
export const SINGLE_COUNT_UNITS: readonly DurationUnit[] = ['week', 'month', 'year'];

/**
 * Every word of a number, for the support check to leave to the quantity check. Not the counted
 * duals: "طلبين" stems to "طلب", the order the sentence talks about.
 */
export const ALL_NUMBER_WORDS: readonly string[] = [
  NUMBER_WORDS,
  TENS_WORDS,
  ONE_WORDS,
  TEEN_HEADS,
  SCALE_WORDS,
  WHOLE_NUMBER_WORDS,
  DUALS,
].flatMap((table) => [...table.keys()]);
