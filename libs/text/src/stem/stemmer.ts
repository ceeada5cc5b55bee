import { createStemmer } from 'multilingual-stemmer';

/** Reduces a lowercase token to its stem. An empty stem drops the token. */
export interface Stemmer {
  stem(word: string): string;
}

export type SnowballLanguage = 'english' | 'arabic';

const ISO_CODES = { english: 'en', arabic: 'ar' } as const;

const stemmers = new Map<SnowballLanguage, Stemmer>();

/**
 * The Snowball stemmer of a language (English is Porter2), from `multilingual-stemmer`: the
 * Snowball 3.1 algorithms compiled to WebAssembly, loaded from the package on import. One
 * instance per language is shared; stemming is synchronous and keeps no state between words.
 *
 * fastembed stems with rust-stemmers 1.2, generated from older Snowball sources, so a few stems
 * differ: Snowball 3 revised English ("added" is "add" here, "ad" there; "-ogist", "inter-",
 * "organ-", "univers-" words: about 0.2% of a 74k-word English dictionary), and Snowball 2.1+
 * Arabic has rules the rust-stemmers Arabic lacks (a "با" prefix step). This Arabic stemmer
 * agrees with Snowball 2.2 on all 108k words of the hunspell-ar dictionary.
 */
export function snowballStemmer(language: SnowballLanguage): Stemmer {
  let stemmer = stemmers.get(language);
  if (stemmer === undefined) {
    const stem = createStemmer(ISO_CODES[language]);
    stemmer = { stem: (word) => stem(word) };
    stemmers.set(language, stemmer);
  }
  return stemmer;
}
