import { ARABIC_ARTICLE, CLITIC_PREFIXES, words } from '@support/language';

/** The one-letter clitics (and, so, by, for, as) of arabic-forms.yaml, written onto a word. */
const LETTER_CLITICS: ReadonlySet<string> = new Set(
  CLITIC_PREFIXES.filter((prefix) => [...prefix].length === 1),
);

/** The Arabic joiner inside a number ("and"; the packs' quantity.number_joiners). */
export const ARABIC_NUMBER_JOINERS: readonly string[] = words('quantity.number_joiners', 'arabic');

/** Whether a word is written in Arabic letters. */
export const ARABIC_WORD = /\p{Script=Arabic}/u;

/** The word without the one clitic letter written onto it, or undefined when it has none. */
export function withoutLetterClitic(word: string): string | undefined {
  const [first] = word;
  return first !== undefined && LETTER_CLITICS.has(first) ? word.slice(first.length) : undefined;
}

/** The rest of a word after the number joiner glued onto it, or undefined. */
export function afterJoiner(word: string): string | undefined {
  const joiner = ARABIC_NUMBER_JOINERS.find((j) => word.length > j.length && word.startsWith(j));
  return joiner === undefined ? undefined : word.slice(joiner.length);
}

/** A word without one clitic letter, then without the article, as far as it carries them. */
function withoutPrefixes(word: string): string {
  const bare = withoutLetterClitic(word) ?? word;
  return bare.startsWith(ARABIC_ARTICLE) ? bare.slice(ARABIC_ARTICLE.length) : bare;
}

/** Looks a normalised word up, as it is, then without the clitic letter and article written onto it. */
export function lookupArabic<T>(table: ReadonlyMap<string, T>, word: string): T | undefined {
  const direct = table.get(word);
  if (direct !== undefined) return direct;
  const bare = withoutPrefixes(word);
  if (bare !== word && bare.length > 0) {
    const found = table.get(bare);
    if (found !== undefined) return found;
  }
  // The joiner alone, the article kept ("and the ...").
  const rest = afterJoiner(word);
  return rest === undefined ? undefined : table.get(rest);
}
