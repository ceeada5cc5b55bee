// Conjunctions, prepositions and the article that Arabic writes onto the next word: "برقم",
// "وكلمة", "للبطاقة", "والرمز". Longest first.
const ARABIC_PREFIXES = ['وال', 'فال', 'بال', 'كال', 'لل', 'و', 'ف', 'ب', 'ل', 'ك', 'ال'];
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

/**
 * Whether a text word is a phrase word. A phrase word ending in `*` matches any word it begins;
 * an Arabic phrase word matches with or without its article and with a conjunction, preposition
 * or article written onto it ("البطاقة" matches "بطاقة", "للبطاقة", "والبطاقة").
 */
function wordMatches(word: string, phraseWord: string): boolean {
  const prefix = phraseWord.endsWith('*');
  const wanted = prefix ? phraseWord.slice(0, -1) : phraseWord;
  const targets =
    ARABIC.test(wanted) && wanted.startsWith('ال') ? [wanted, wanted.slice(2)] : [wanted];
  return forms(word).some((form) =>
    targets.some((target) => (prefix ? form.startsWith(target) : form === target)),
  );
}

/** Whether one of the phrases (each as its words) occurs anywhere in `words`, word for word. */
export function containsPhrase(words: readonly string[], phrases: readonly string[][]): boolean {
  return phrases.some(
    (phrase) =>
      phrase.length > 0 &&
      words.some((_, at) =>
        phrase.every((phraseWord, offset) => {
          const word = words[at + offset];
          return word !== undefined && wordMatches(word, phraseWord);
        }),
      ),
  );
}
