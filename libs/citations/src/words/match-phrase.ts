import { words } from '@support/language';

// Conjunctions, prepositions and the article that Arabic writes onto the next word, longest first
// (the packs' clitic.phrase_prefixes, with their examples).
const ARABIC_PREFIXES = words('clitic.phrase_prefixes');
const ARABIC = /^\p{Script=Arabic}/u;
const MIN_STEM_LETTERS = 2;

/** The word, and for an Arabic word the word without each prefix it may carry. */
function forms(word: string): string[] {
  if (!ARABIC.test(word)) return [word];
  const stripped = ARABIC_PREFIXES.filter(
    (prefix) => word.startsWith(prefix) && word.length - prefix.length >= MIN_STEM_LETTERS,
  ).map((prefix) => word.slice(prefix.length));
  return [word, ...stripped];
}

/** What a phrase word matches: these texts, whole or (a word ending in `*`) as a beginning. */
interface PhraseTarget {
  readonly texts: readonly string[];
  readonly prefix: boolean;
}

// Phrase words come from the checks' fixed lists: a few hundred, each read once.
const targets = new Map<string, PhraseTarget>();

/**
 * A phrase word ending in `*` matches any word it begins; an Arabic phrase word matches with or
 * without its article and with a conjunction, preposition or article written onto it ("البطاقة"
 * matches "بطاقة", "للبطاقة", "والبطاقة").
 */
function targetOf(phraseWord: string): PhraseTarget {
  let target = targets.get(phraseWord);
  if (!target) {
    const prefix = phraseWord.endsWith('*');
    const wanted = prefix ? phraseWord.slice(0, -1) : phraseWord;
    const texts =
      ARABIC.test(wanted) && wanted.startsWith('ال') ? [wanted, wanted.slice(2)] : [wanted];
    target = { texts, prefix };
    targets.set(phraseWord, target);
  }
  return target;
}

function matches(wordForms: readonly string[], target: PhraseTarget): boolean {
  return wordForms.some((form) =>
    target.texts.some((text) => (target.prefix ? form.startsWith(text) : form === text)),
  );
}

/** Whether one of the phrases (each as its words) occurs anywhere in `words`, word for word. */
export function containsPhrase(words: readonly string[], phrases: readonly string[][]): boolean {
  const wordForms = words.map(forms);
  return phrases.some(
    (phrase) =>
      phrase.length > 0 &&
      wordForms.some((_, at) =>
        phrase.every((phraseWord, offset) => {
          const word = wordForms[at + offset];
          return word !== undefined && matches(word, targetOf(phraseWord));
        }),
      ),
  );
}
