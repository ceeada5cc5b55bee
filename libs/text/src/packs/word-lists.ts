import { normalizeArabic } from '../normalize/normalize-arabic.js';
import { normalizeText } from '../normalize/normalize-text.js';
import { readPackFiles } from './read-packs.js';

/** One named list of a library's packs: every pack's entries for it, in pack order. */
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
  /** The same relation with its words as the packs write them. */
  readonly writtenPairs: Readonly<Record<string, readonly string[]>>;
  /** Phrases read as other words, in order: each a regular expression on the text it rewrites. */
  readonly rewrites: readonly Rewrite[];
}

/** One rewrite of a list: `pattern` (with `flags`, `g` unless told) is replaced by `to`. */
export interface Rewrite {
  readonly pattern: string;
  readonly flags: string;
  readonly to: string;
}

interface EntryData {
  readonly why?: unknown;
  readonly words?: unknown;
  readonly patterns?: unknown;
  readonly pairs?: unknown;
  readonly rewrites?: unknown;
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
    Object.entries(value).map(([key, list]) => [key, strings(list, `${where}.pairs.${key}`)]),
  );
}

function rewritesOf(value: unknown, where: string): Rewrite[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`language pack ${where}: \`rewrites\` must be a list`);
  return value.map((item: { pattern?: unknown; flags?: unknown; to?: unknown }, i) => {
    const { pattern, flags = 'g', to } = item ?? {};
    if (typeof pattern !== 'string' || typeof flags !== 'string' || typeof to !== 'string')
      throw new Error(`language pack ${where}.rewrites[${i}]: needs a \`pattern\` and a \`to\``);
    return { pattern, flags, to };
  });
}

const foldPairs = (pairs: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(pairs).map(([key, listed]) => [key, listed.map(fold)]));

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

function loadLists(dataDir: URL, packs: readonly string[]): ReadonlyMap<string, WordList> {
  const lists = new Map<string, WordList>();
  for (const pack of packs)
    for (const file of readPackFiles(dataDir, pack)) {
      const entries = (file as { lists?: Record<string, EntryData> }).lists ?? {};
      for (const [name, entry] of Object.entries(entries)) {
        const where = `${pack} ${name}`;
        if (typeof entry.why !== 'string' || entry.why.trim() === '')
          throw new Error(`language pack ${where}: \`why\` must say why`);
        const known = lists.get(name);
        const written = strings(entry.words, where).map(String);
        const writtenPairs = pairsOf(entry.pairs, where);
        lists.set(name, {
          name,
          why: [...(known?.why ?? []), entry.why],
          words: [...(known?.words ?? []), ...written.map(fold)],
          written: [...(known?.written ?? []), ...written],
          patterns: [
            ...(known?.patterns ?? []),
            ...strings(entry.patterns, where).map((pattern) => normalizeArabic(pattern)),
          ],
          pairs: joinPairs(known?.pairs ?? {}, foldPairs(writtenPairs)),
          writtenPairs: joinPairs(known?.writtenPairs ?? {}, writtenPairs),
          rewrites: [...(known?.rewrites ?? []), ...rewritesOf(entry.rewrites, where)],
        });
      }
    }
  return lists;
}

type Script = 'arabic' | 'latin';

const ARABIC = /[\u0600-\u06FF]/;
const inScript = (script: Script | undefined) => (text: string) =>
  script === undefined || ARABIC.test(text) === (script === 'arabic');

/** `word` written as a regular expression that matches it literally. */
export const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&');

export interface AlternativesOptions {
  /** Only the Arabic words and patterns, or only the others: each script has its own edges. */
  readonly script?: Script;
  /** Longest word first, where the match itself is read ("number" tried before "no"). */
  readonly longestFirst?: boolean;
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

/**
 * The one reader of word lists (docs/architecture.md, "Language knowledge"): a library's packs
 * of named lists (`lists: {name: {why, words, patterns, pairs}}`), each entry with its reason,
 * joined across the packs in their order and read on first use.
 */
export class WordLists {
  private loaded: ReadonlyMap<string, WordList> | undefined;

  /** `dataDir`: the library's `src/data`; `packs`: its pack directories, in joining order. */
  constructor(
    private readonly dataDir: URL,
    private readonly packs: readonly string[],
  ) {}

  /** A list by name; an unknown name is a programming error. */
  wordList(name: string): WordList {
    this.loaded ??= loadLists(this.dataDir, this.packs);
    const list = this.loaded.get(name);
    if (list === undefined) throw new Error(`language pack: no list "${name}"`);
    return list;
  }

  /** The folded words of a list; with `script`, only its Arabic words or only the others. */
  words(name: string, script?: Script): readonly string[] {
    return this.wordList(name).words.filter(inScript(script));
  }

  /** The words of a list as the packs write them; with `script`, as `words`. */
  written(name: string, script?: Script): readonly string[] {
    return this.wordList(name).written.filter(inScript(script));
  }

  /** The folded words of a list, as a set. */
  wordSet(name: string, script?: Script): ReadonlySet<string> {
    return new Set(this.words(name, script));
  }

  /** Every word of a list's pairs, in order. */
  pairWords(name: string): readonly string[] {
    return Object.values(this.wordList(name).pairs).flat();
  }

  /** A word's key in a list's pairs ("dirham" → "AED"); a word under two keys keeps the first. */
  pairKeys(name: string): ReadonlyMap<string, string> {
    const keys = new Map<string, string>();
    for (const [key, listed] of Object.entries(this.wordList(name).pairs))
      for (const word of listed) if (!keys.has(word)) keys.set(word, key);
    return keys;
  }

  /**
   * Words as the alternatives of a regular expression (without the group), escaped, in order: a
   * list's words then its patterns (`alternativesOf` for words from elsewhere, e.g. a list's pairs).
   */
  alternatives(name: string, options: AlternativesOptions = {}): string {
    const { words: listed, patterns } = this.wordList(name);
    return alternativesOf(listed, options, patterns);
  }
}
