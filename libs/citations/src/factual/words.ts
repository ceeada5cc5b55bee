import { normalizeText } from '@support/text';

/** A word as written, and as compared. */
export interface Word {
  raw: string;
  norm: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}]+)*/gu;

/** The words of a text; `norm` is lowercased and Arabic-folded, with a straight apostrophe. */
export function words(text: string): Word[] {
  return [...text.matchAll(WORD)].map(([raw]) => ({
    raw,
    norm: normalizeText(raw).replaceAll('\u2019', "'"),
  }));
}

/** A phrase list as word lists in the compared form. */
export function phraseWords(phrases: readonly string[]): string[][] {
  return phrases.map((phrase) => words(phrase).map((word) => word.norm));
}

/**
 * The length in words of the longest phrase that starts at `at`, or 0. The first word may carry an
 * attached Arabic "و" (and): "ومرحباً" matches "مرحباً".
 */
export function matchPhrase(
  list: readonly Word[],
  at: number,
  phrases: readonly string[][],
): number {
  let longest = 0;
  for (const phrase of phrases) {
    if (phrase.length <= longest || at + phrase.length > list.length) continue;
    const matches = phrase.every((word, offset) => {
      const candidate = list[at + offset]?.norm;
      return (
        candidate === word ||
        (offset === 0 && candidate === `\u0648${word}` && /^\p{Script=Arabic}/u.test(word))
      );
    });
    if (matches) longest = phrase.length;
  }
  return longest;
}
