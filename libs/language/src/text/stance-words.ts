import { withoutClitics } from './arabic-forms.js';
import { readLanguageData } from './read-data.js';
import { tokens } from './tokens.js';

interface StanceEntries {
  readonly words: readonly string[];
  readonly phrases: readonly string[];
}

const data = readLanguageData('stance-words.yaml') as {
  readonly en: StanceEntries;
  readonly ar: StanceEntries;
};

// Compared without apostrophes: "I'm" and "Im" are one word.
const plain = (word: string) => word.replace(/['\u2019]/g, '');
const wordsOf = (text: string) => tokens(text).map((token) => plain(token.word));

const ENTRIES = [data.en, data.ar]
  .flatMap((entries) => [...entries.words, ...entries.phrases])
  .map(wordsOf)
  .filter((words) => words.length > 0);
const SINGLE_WORDS = new Set(ENTRIES.filter((words) => words.length === 1).map(([word]) => word!));
const PHRASES = ENTRIES.filter((words) => words.length > 1);

/**
 * The words of a text that only state the writer's stance or keep the conversation going
 * ("unfortunately", "please note", "للأسف"; stance-words.yaml), as {@link normalise} writes them
 * without apostrophes: a single stance word, with or without an Arabic clitic ("وللأسف"), or a word
 * of a stance phrase the text holds whole.
 */
export function stanceWordsOf(text: string): ReadonlySet<string> {
  const words = wordsOf(text);
  const stance = new Set<string>();
  for (const word of words)
    if (withoutClitics(word).some((form) => SINGLE_WORDS.has(form))) stance.add(word);
  for (const phrase of PHRASES)
    for (let start = 0; start + phrase.length <= words.length; start++)
      if (phrase.every((word, offset) => words[start + offset] === word))
        for (const word of phrase) stance.add(word);
  return stance;
}

/** A word as {@link stanceWordsOf} compares it. */
export const stanceForm = (normalisedWord: string): string => plain(normalisedWord);
