// The extractive responder's own splitter: it must return verbatim substrings of the chunk text,
// so it only cuts, never rewrites. A sentence ends at `.`, `!`, `?`, `؟`, `؛` or `…` followed by
// white space (so "1.5" and "3.99SAR" stay whole), or at a line break.
const SENTENCE = /.*?(?:[.!?؟؛…]+(?=\s|$)|$)/g;
// A leading list marker is layout, not content: "- ", "• ", "1. ", "2) ".
export const LIST_MARKER = /^\s*(?:[-*•▪◦]|\d{1,2}[.)])\s+/;

/** The sentences of a text, each a trimmed verbatim substring of it, in order. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    for (const [match] of line.replace(LIST_MARKER, '').matchAll(SENTENCE)) {
      const sentence = match.trim();
      if (/[\p{L}\p{N}]/u.test(sentence)) sentences.push(sentence);
    }
  }
  return sentences;
}
