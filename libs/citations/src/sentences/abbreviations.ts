import { pairWords, words } from '@support/language';

/**
 * Words whose full stop does not end a sentence, lowercased, inner dots kept ("e.g"): the packs'
 * sentence.abbreviations, and the Gulf currencies as Arabic prices write them, with dots: the
 * trade's currency.abbreviations, folded.
 */
export const ABBREVIATIONS: readonly string[] = [
  ...words('sentence.abbreviations'),
  ...pairWords('currency.abbreviations').filter((word) => word.includes('.')),
];

/** Abbreviations that only hold on to their full stop when a number follows ("No. 5"): "No." also answers a question. */
export const NUMERIC_ABBREVIATIONS: readonly string[] = words('sentence.numeric_abbreviations');
