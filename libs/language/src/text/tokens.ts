import { normalise } from './normalise.js';

export type TokenLanguage = 'en' | 'ar' | 'number';

export interface Token {
  /** The word as {@link normalise} writes it. */
  readonly word: string;
  readonly language: TokenLanguage;
}

// A contraction is one word ("don't"): a negation check reads the words it is given. A number
// keeps its group and decimal separators ("29,100", "٢٩٬١٠٠", "2.5"): its last digits are no
// number of their own (the "100" of "29,100%" is not "100%").
const WORD =
  /\p{N}+(?:[.,\u066B\u066C]\p{N}+)*(?![\p{L}\p{M}\p{N}])|[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}]+)*/gu;
const ARABIC = /\p{Script=Arabic}/u;
const NUMBER = /^\p{N}+(?:[.,\u066B\u066C]\p{N}+)*$/u;

/** The words of a text, normalised ({@link normalise}), each with its language. */
export function tokens(text: string): Token[] {
  return [...normalise(text).matchAll(WORD)].map(([word]) => ({
    word,
    language: NUMBER.test(word) ? 'number' : ARABIC.test(word) ? 'ar' : 'en',
  }));
}
