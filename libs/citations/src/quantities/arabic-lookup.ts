/** One-letter Arabic prefixes (and, by, for, so, as) and the article that a word may carry. */
const ARABIC_PREFIX = /^[\u0648\u0628\u0644\u0641\u0643]?(?:\u0627\u0644)?/;

/** One attached letter (and, by, for, so, as), without the article: "بيوم", "بمية". */
export const ARABIC_LETTER_PREFIX = /^[\u0648\u0628\u0644\u0641\u0643]/u;

/** Whether a word is written in Arabic letters. */
export const ARABIC_WORD = /\p{Script=Arabic}/u;

/** Looks a normalised word up, as it is, then without its attached prefixes ("بثلاثه" → "ثلاثه"). */
export function lookupArabic<T>(table: ReadonlyMap<string, T>, word: string): T | undefined {
  const direct = table.get(word);
  if (direct !== undefined) return direct;
  const bare = word.replace(ARABIC_PREFIX, '');
  if (bare !== word && bare.length > 0) {
    const found = table.get(bare);
    if (found !== undefined) return found;
  }
  return word.startsWith('\u0648') ? table.get(word.slice(1)) : undefined;
}
