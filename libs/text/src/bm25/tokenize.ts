// fastembed replaces every character that is not a word character (Python's `\w`: letters,
// numbers, underscore) nor a combining mark with a space, lowercases, and splits on whitespace.
// Keeping the marks keeps a word with harakat (or Indic vowel signs) in one token. Splitting on
// the runs of other characters and dropping the empty pieces gives exactly these runs.
const WORD_RUN = /[\p{L}\p{N}\p{M}_]+/gu;

/**
 * The word runs of a text as written (not lowercased), in order: the tokens of {@link tokenize}
 * before their lowercasing. One native match, so no array per separator.
 */
export function wordRuns(text: string): string[] {
  return text.match(WORD_RUN) ?? [];
}

/** Lowercased word tokens of a text, split the way fastembed's BM25 splits them. */
export function tokenize(text: string): string[] {
  // Lowercasing after the split, as fastembed does after blanking the punctuation: a final Σ
  // before an apostrophe becomes ς, not σ.
  return wordRuns(text).map((token) => token.toLowerCase());
}
