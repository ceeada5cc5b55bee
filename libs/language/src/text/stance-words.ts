import { withoutClitics } from './arabic-forms.js';
import { tokens } from './tokens.js';
import { wordList } from './word-lists.js';

// Compared without apostrophes: "I'm" and "Im" are one word.
const plain = (word: string) => word.replace(/['\u2019]/g, '');
const wordsOf = (text: string) => tokens(text).map((token) => plain(token.word));

let entries: { single: ReadonlySet<string>; phrases: readonly string[][] } | undefined;

function stanceEntries() {
  if (entries === undefined) {
    const all = wordList('reply.stance')
      .written.map(wordsOf)
      .filter((w) => w.length > 0);
    entries = {
      single: new Set(all.filter((w) => w.length === 1).map(([word]) => word!)),
      phrases: all.filter((w) => w.length > 1),
    };
  }
  return entries;
}

/**
 * The words of a text that only state the writer's stance or keep the conversation going
 * ("unfortunately", "please note", "للأسف"; the `reply.stance` lists of the language packs), as
 * {@link normalise} writes them without apostrophes: a single stance word, with or without an
 * Arabic clitic ("وللأسف"), or a word of a stance phrase the text holds whole.
 */
export function stanceWordsOf(text: string): ReadonlySet<string> {
  const { single, phrases } = stanceEntries();
  const words = wordsOf(text);
  const stance = new Set<string>();
  for (const word of words)
    if (withoutClitics(word).some((form) => single.has(form))) stance.add(word);
  for (const phrase of phrases)
    for (let start = 0; start + phrase.length <= words.length; start++)
      if (phrase.every((word, offset) => words[start + offset] === word))
        for (const word of phrase) stance.add(word);
  return stance;
}

/** A word as {@link stanceWordsOf} compares it. */
export const stanceForm = (normalisedWord: string): string => plain(normalisedWord);
