import type { DurationUnit } from './quantity.js';

/**
 * Number words read as quantities: English two to ninety ("twenty-one" and "twenty one" too) and
 * a hundred; Arabic two to ten, the teens ("أربعة عشر"), the tens to ninety ("خمسة وعشرين",
 * "تسعين"), a hundred, and the duals that carry their unit ("يومين" is two days). A made-up
 * policy is written in words as often as in digits ("within ninety days"). "one" / "a" / "واحد"
 * alone are left out ("one of our agents"); before a long unit they count one (see
 * {@link SINGLE_UNIT_WORDS}). Arabic words are matched after normalisation, with an attached
 * و / ب / ل / ف / ك and the article allowed ("بثلاثة", "والخمسة").
 */
export const ENGLISH_NUMBER_WORDS: Readonly<Record<string, number>> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

/** English tens, which take a unit word after them ("forty-five"). */
export const ENGLISH_TENS: readonly number[] = [20, 30, 40, 50, 60, 70, 80, 90];

/**
 * Words that count one before a long duration unit: "a year", "a month". Days and hours are left
 * out: "within a day" is how people talk, not a policy.
 */
export const SINGLE_UNIT_WORDS: readonly string[] = ['a', 'an'];

/** "One" before any unit is a count: "one hour", "one working day". */
export const ONE_WORDS: readonly string[] = ['one'];

/** The long units a {@link SINGLE_UNIT_WORDS} word counts, and an Arabic singular stands for. */
export const SINGLE_COUNT_UNITS: readonly DurationUnit[] = ['week', 'month', 'year'];

/** Units that only count after a tens word ("twenty-one"). */
export const ENGLISH_UNIT_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};

/** Arabic two to ten. "ست" (six) is left out: with a prefix it reads "لست", "I am not". */
export const ARABIC_NUMBER_WORDS: Readonly<Record<string, number>> = {
  اثنين: 2,
  اثنان: 2,
  اثنتين: 2,
  اثنتان: 2,
  ثلاث: 3,
  ثلاثة: 3,
  أربع: 4,
  أربعة: 4,
  خمس: 5,
  خمسة: 5,
  ستة: 6,
  سبع: 7,
  سبعة: 7,
  ثمان: 8,
  ثماني: 8,
  ثمانية: 8,
  تسع: 9,
  تسعة: 9,
  عشر: 10,
  عشرة: 10,
};

/** Arabic tens. */
export const ARABIC_TENS_WORDS: Readonly<Record<string, number>> = {
  عشرين: 20,
  عشرون: 20,
  ثلاثين: 30,
  ثلاثون: 30,
  أربعين: 40,
  أربعون: 40,
  خمسين: 50,
  خمسون: 50,
  ستين: 60,
  ستون: 60,
  سبعين: 70,
  سبعون: 70,
  ثمانين: 80,
  ثمانون: 80,
  تسعين: 90,
  تسعون: 90,
  مئة: 100,
  مائة: 100,
  مية: 100,
};

/** First words of 11 and 12, which take "عشر" / "عشرة" after them. */
export const ARABIC_TEEN_HEADS: Readonly<Record<string, number>> = {
  أحد: 1,
  إحدى: 1,
  اثنا: 2,
  اثني: 2,
  اثنتا: 2,
  اثنتي: 2,
};

/** "One", which only counts before a tens word ("واحد وعشرين"). */
export const ARABIC_ONE_WORDS: Readonly<Record<string, number>> = {
  واحد: 1,
  واحدة: 1,
};

/** Arabic duals that are a count and a unit in one word. */
export const ARABIC_DUALS: Readonly<Record<string, DurationUnit>> = {
  يومين: 'day',
  يومان: 'day',
  ساعتين: 'hour',
  ساعتان: 'hour',
  أسبوعين: 'week',
  أسبوعان: 'week',
  شهرين: 'month',
  شهران: 'month',
  سنتين: 'year',
  سنتان: 'year',
  عامين: 'year',
  عامان: 'year',
};

/** The words "عشر" / "عشرة" that make a teen out of a unit. */
export const ARABIC_TEN_WORDS: readonly string[] = ['عشر', 'عشرة'];
