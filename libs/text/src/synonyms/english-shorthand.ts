import { textLists } from '../packs/text-lists.js';

// How customers type in a chat box (`lang/en/chat-english.yaml`, `chat_shorthand`): each short
// form, a whole word in any case, as the words it stands for.
const SHORTHAND: readonly [RegExp, string][] = Object.entries(
  textLists.wordList('chat_shorthand').writtenPairs,
).map(([words, forms]) => [new RegExp(`\\b(?:${forms.join('|')})\\b`, 'gi'), words]);

/** Chat shorthand ("u", "ur", "whats", "cant") written out as the words it stands for. */
export function expandEnglishShorthand(text: string): string {
  let out = text;
  for (const [pattern, words] of SHORTHAND) out = out.replace(pattern, words);
  return out;
}
