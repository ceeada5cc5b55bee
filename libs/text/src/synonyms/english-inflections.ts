import { textLists } from '../packs/text-lists.js';

// Irregular verb forms the stemmer cannot fold (`lang/en/chat-english.yaml`, `irregular_verbs`).
const BASE_FORM = new Map(
  Object.entries(textLists.wordList('irregular_verbs').writtenPairs).flatMap(([base, forms]) =>
    forms.map((form) => [form, base] as const),
  ),
);

const WORD = /[A-Za-z]+/g;

/** Puts irregular English verb forms in their base form ("kept" → "keep"), for matching only. */
export function baseFormsOfIrregularVerbs(text: string): string {
  return text.replace(WORD, (word) => BASE_FORM.get(word.toLowerCase()) ?? word);
}
