// fastembed replaces every character that is not a word character (Python's `\w`: letters,
// numbers, underscore) nor a combining mark with a space, lowercases, and splits on whitespace.
// Keeping the marks keeps a word with harakat (or Indic vowel signs) in one token.
const SEPARATORS = /[^\p{L}\p{N}\p{M}_]+/u;

/** Lowercased word tokens of a text, split the way fastembed's BM25 splits them. */
export function tokenize(text: string): string[] {
  // Lowercasing after the split, as fastembed does after blanking the punctuation: a final Σ
  // before an apostrophe becomes ς, not σ.
  return text
    .split(SEPARATORS)
    .filter((token) => token.length > 0)
    .map((token) => token.toLowerCase());
}
