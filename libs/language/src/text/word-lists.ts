import { type AlternativesOptions, WordLists } from '@support/text';

/**
 * The packs of word lists, in the order their entries join a list of the same name: the words of
 * each language, then those of the trade (docs/architecture.md, "Language knowledge"). Read by
 * the one reader of `@support/text`.
 */
const PACKS = ['lang/en', 'lang/ar', 'domain/fashion-retail'] as const;

const lists = new WordLists(new URL('../../src/data/', import.meta.url), PACKS);

export {
  alternativesOf,
  type AlternativesOptions,
  escapeRegExp,
  type WordList,
} from '@support/text';

/** A list of the packs by name; an unknown name is a programming error. */
export const wordList = (name: string) => lists.wordList(name);
/** The folded words of a list; with `script`, only its Arabic words or only the others. */
export const words = (name: string, script?: 'arabic' | 'latin') => lists.words(name, script);
/** The folded words of a list, as a set. */
export const wordSet = (name: string, script?: 'arabic' | 'latin') => lists.wordSet(name, script);
/** Every word of a list's pairs, in order. */
export const pairWords = (name: string) => lists.pairWords(name);
/** A word's key in a list's pairs ("dirham" → "AED"); a word under two keys keeps the first. */
export const pairKeys = (name: string) => lists.pairKeys(name);
/** A list's words then its patterns as the alternatives of a regular expression, escaped. */
export const alternatives = (name: string, options: AlternativesOptions = {}) =>
  lists.alternatives(name, options);
