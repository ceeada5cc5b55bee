import { normalizeText } from '@support/text';

// Arabic-script runs and runs of other letters and digits are separate words, so that an Arabic
// article glued to a Latin word ("الـOTP", "الcvv") leaves the Latin word whole.
const WORD = /(?:(?=[\p{L}\p{M}])\p{Script=Arabic})+|(?:(?!\p{Script=Arabic})[\p{L}\p{M}\p{N}])+/gu;
const SINGLE_LATIN_LETTER = /^\p{Script=Latin}$/u;

/** Joins each run of two or more single Latin letters into one word: "c v v" → "cvv". */
function joinSpelledOut(words: readonly string[]): string[] {
  const joined: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 2) joined.push(run.join(''));
    else joined.push(...run);
    run = [];
  };
  for (const word of words) {
    if (SINGLE_LATIN_LETTER.test(word)) run.push(word);
    else {
      flush();
      joined.push(word);
    }
  }
  flush();
  return joined;
}

/**
 * The words of a text in the form the phrase checks compare: lowercased, Arabic folded
 * (`normalizeText`), apostrophes dropped ("you're" is "youre"). The text is expected to have been
 * through `normalizeForChecks` already. A run of single Latin letters is one word, so that
 * "C V V", "C-V-V" and "O.T.P" read as "cvv" and "otp".
 */
export function checkWords(text: string): string[] {
  const words = normalizeText(text.replace(/['\u2019]/g, '')).match(WORD) ?? [];
  return joinSpelledOut(words);
}

/**
 * A phrase list in the compared form, each phrase as its words. A `*` at the end of a word (a
 * prefix, see `containsPhrase`) is kept.
 */
export function phraseWords(phrases: readonly string[]): string[][] {
  return phrases.map((phrase) =>
    phrase.split(/\s+/).flatMap((raw) => {
      const prefix = raw.endsWith('*');
      const words = checkWords(prefix ? raw.slice(0, -1) : raw);
      if (prefix && words.length > 0) words[words.length - 1] += '*';
      return words;
    }),
  );
}
