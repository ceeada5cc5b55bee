import { normalizeArabic, normalizeText } from '@support/text';
import { readPackFiles } from './read-data.js';

/**
 * The packs of word lists, in the order their entries join a list of the same name: the words of
 * each language, then those of the trade (docs/architecture.md, "Language knowledge").
 */
const PACKS = ['lang/en', 'lang/ar', 'domain/fashion-retail'] as const;

/** One named list of the packs: every pack's entries for it, in pack order. */
export interface WordList {
  readonly name: string;
  /** Why each pack's entry is there, in pack order. */
  readonly why: readonly string[];
  /** Words and phrases, folded as a message is (lowercase, one alef, ة as ه, ى as ي). */
  readonly words: readonly string[];
  /** The same words as the packs write them, for readers that fold and stem them themselves. */
  readonly written: readonly string[];
  /** Regular-expression sources for forms with a shape ("how (do|can) i"), Arabic folded. */
  readonly patterns: readonly string[];
  /** A relation: a key (a concept, a currency code) and its folded words ("~return" leads to "~refund"). */
  readonly pairs: Readonly<Record<string, readonly string[]>>;
}

interface EntryData {
  readonly why?: unknown;
  readonly words?: unknown;
  readonly patterns?: unknown;
  readonly pairs?: unknown;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0);

function strings(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!isStrings(value)) throw new Error(`language pack ${where}: must be a list of words`);
  return value;
}

const fold = (word: string) => normalizeText(String(word));

function pairsOf(value: unknown, where: string): Record<string, string[]> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`language pack ${where}: \`pairs\` must map a word to a list`);
  return Object.fromEntries(
    Object.entries(value).map(([key, list]) => [
      key,
      strings(list, `${where}.pairs.${key}`).map(fold),
    ]),
  );
}

/** Two packs' pairs of one list: a key both hold keeps the words of each, in pack order. */
function joinPairs(
  known: Readonly<Record<string, readonly string[]>>,
  added: Readonly<Record<string, readonly string[]>>,
): Record<string, readonly string[]> {
  const joined: Record<string, readonly string[]> = { ...known };
  for (const [key, listed] of Object.entries(added))
    joined[key] = [...(joined[key] ?? []), ...listed];
  return joined;
}

function loadLists(): ReadonlyMap<string, WordList> {
  const lists = new Map<string, WordList>();
  for (const pack of PACKS)
    for (const file of readPackFiles(pack)) {
      const entries = (file as { lists?: Record<string, EntryData> }).lists ?? {};
      for (const [name, entry] of Object.entries(entries)) {
        const where = `${pack} ${name}`;
        if (typeof entry.why !== 'string' || entry.why.trim() === '')
          throw new Error(`language pack ${where}: \`why\` must say why`);
        const known = lists.get(name);
        const written = strings(entry.words, where).map(String);
        lists.set(name, {
          name,
          why: [...(known?.why ?? []), entry.why],
          words: [...(known?.words ?? []), ...written.map(fold)],
          written: [...(known?.written ?? []), ...written],
          patterns: [
            ...(known?.patterns ?? []),
            ...strings(entry.patterns, where).map((pattern) => normalizeArabic(pattern)),
          ],
          pairs: joinPairs(known?.pairs ?? {}, pairsOf(entry.pairs, where)),
        });
      }
    }
  return lists;
}

let loaded: ReadonlyMap<string, WordList> | undefined;

/** A list of the packs by name; an unknown name is a programming error. */
export function wordList(name: string): WordList {
  loaded ??= loadLists();
  const list = loaded.get(name);
  if (list === undefined) throw new Error(`language pack: no list "${name}"`);
  return list;
}

type Script = 'arabic' | 'latin';

const ARABIC = /[\u0600-\u06FF]/;
const inScript = (script: Script | undefined) => (text: string) =>
  script === undefined || ARABIC.test(text) === (script === 'arabic');

/** The folded words of a list; with `script`, only its Arabic words or only the others. */
export function words(name: string, script?: Script): readonly string[] {
  return wordList(name).words.filter(inScript(script));
}

/** The folded words of a list, as a set. */
export function wordSet(name: string, script?: Script): ReadonlySet<string> {
  return new Set(words(name, script));
}

/** Every word of a list's pairs, in order. */
export function pairWords(name: string): readonly string[] {
  return Object.values(wordList(name).pairs).flat();
}

/** A word's key in a list's pairs ("dirham" → "AED"); a word under two keys keeps the first. */
export function pairKeys(name: string): ReadonlyMap<string, string> {
  const keys = new Map<string, string>();
  for (const [key, listed] of Object.entries(wordList(name).pairs))
    for (const word of listed) if (!keys.has(word)) keys.set(word, key);
  return keys;
}

/** `word` written as a regular expression that matches it literally. */
export const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&');

export interface AlternativesOptions {
  /** Only the Arabic words and patterns, or only the others: each script has its own edges. */
  readonly script?: Script;
  /** Longest word first, where the match itself is read ("number" tried before "no"). */
  readonly longestFirst?: boolean;
}

/**
 * Words as the alternatives of a regular expression (without the group), escaped, in order: a
 * list's words then its patterns (`alternativesOf` for words from elsewhere, e.g. a list's pairs).
 */
export function alternatives(name: string, options: AlternativesOptions = {}): string {
  const { words: listed, patterns } = wordList(name);
  return alternativesOf(listed, options, patterns);
}

/** Given words (and patterns) as the alternatives of a regular expression: see `alternatives`. */
export function alternativesOf(
  listed: readonly string[],
  options: AlternativesOptions = {},
  patterns: readonly string[] = [],
): string {
  const chosen = listed.filter(inScript(options.script));
  const ordered = options.longestFirst ? chosen.sort((a, b) => b.length - a.length) : chosen;
  return [...ordered.map(escapeRegExp), ...patterns.filter(inScript(options.script))].join('|');
}
