import { textLists } from '../packs/text-lists.js';

/** A concept list of the packs (`pairs`: concept → words) as each concept's English and Arabic words. */
export function conceptList(name: string): Record<string, { en: string; ar: string }> {
  const isArabic = (word: string) => /[\u0600-\u06FF]/.test(word);
  return Object.fromEntries(
    Object.entries(textLists.wordList(name).writtenPairs).map(([concept, listed]) => [
      concept,
      {
        en: listed.filter((word) => !isArabic(word)).join(' '),
        ar: listed.filter(isArabic).join(' '),
      },
    ]),
  );
}
