import { pairKeys, wordSet, words } from '@support/language';
import type { DurationUnit } from './quantity.js';

/**
 * The words numbers are written with, from the language packs (libs/language lang/en and lang/ar
 * quantities.yaml, with their reasons), folded by the packs' reader: units, teens and tens, "one",
 * scales, whole hundreds, duals, the joiners inside a number and the half.
 */

/** A list's pairs as a table from each word to its key read as a number. */
const valued = (name: string): ReadonlyMap<string, number> =>
  new Map([...pairKeys(name)].map(([word, key]) => [word, Number(key)]));

/** Two to nineteen (English), two to ten (Arabic). */
export const NUMBER_WORDS = valued('quantity.number_words');
/** Twenty to ninety. */
export const TENS_WORDS = valued('quantity.tens');
/** "one": a count only inside a number or beside its unit. */
export const ONE_WORDS = valued('quantity.one_words');
/** The first words of the Arabic 11 and 12. */
export const TEEN_HEADS = valued('quantity.teen_heads');
/** The Arabic "ten" after a unit, which makes a teen of it. */
export const TEN_WORDS = wordSet('quantity.ten_words');
/** Hundred and thousand. */
export const SCALE_WORDS = valued('quantity.scales');
/** Hundreds and thousands of one word (quantity.whole_numbers). */
export const WHOLE_NUMBER_WORDS = valued('quantity.whole_numbers');
/** Duals of the things a shop counts (two points in one word): a number with no unit. */
export const COUNTED_DUALS = valued('quantity.counted_duals');
/** "a" / "an", which count one before a long unit or a scale. */
export const SINGLE_UNIT_WORDS = wordSet('quantity.single_unit_words');
/** The words that join the parts of one number after a scale ("and"). */
export const NUMBER_JOINERS = wordSet('quantity.number_joiners');
/** "and a half" and its Arabic form, each as its words. */
export const HALF_PHRASES: readonly (readonly string[])[] = words('quantity.half_words').map(
  (phrase) => phrase.split(/\s+/u),
);

/** Arabic duals that are a count and a unit in one word (two days). */
export const DUALS = pairKeys('quantity.duals') as ReadonlyMap<string, DurationUnit>;

/** The long units a {@link SINGLE_UNIT_WORDS} word counts, and an Arabic singular stands for. */
export const SINGLE_COUNT_UNITS: readonly DurationUnit[] = ['week', 'month', 'year'];

/**
 * Every word of a number, for the support check to leave to the quantity check. Not the counted
 * duals: a dual's stem is the noun itself ("two orders" stems to "order").
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
