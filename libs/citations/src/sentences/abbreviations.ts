/**
 * Words whose full stop does not end a sentence, lowercased, inner dots kept ("e.g"). The list is
 * short on purpose: a missed abbreviation splits one sentence in two, and each half is still
 * checked; a wrong entry would glue two sentences together.
 */
export const ABBREVIATIONS: readonly string[] = [
  'e.g',
  'i.e',
  'etc',
  'approx',
  'vs',
  'cf',
  'incl',
  'excl',
  'mr',
  'mrs',
  'ms',
  'dr',
  'jr',
  'sr',
  'inc',
  'ltd',
  'co',
  'dept',
  'a.m',
  'p.m',
  'u.a.e',
  'k.s.a',
  'u.s',
  // Gulf currencies as Arabic prices write them ("7 ر.ع.", "150 ر.س."), folded (إ as ا).
  'ر.س',
  'ر.ع',
  'ر.ق',
  'د.ك',
  'د.ب',
  'د.ا',
];

/** Abbreviations that only hold on to their full stop when a number follows ("No. 5"): "No." also answers a question. */
export const NUMERIC_ABBREVIATIONS: readonly string[] = ['no', 'nos', 'nr', 'ref', 'tel', 'ext'];
