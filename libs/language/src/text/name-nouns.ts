import { withoutClitics } from './arabic-forms.js';
import { normalise } from './normalise.js';
import { readLanguageData } from './read-data.js';

const data = readLanguageData('name-nouns.yaml') as { readonly ar: readonly string[] };
const NAME_NOUNS = new Set(data.ar.map(normalise));

/**
 * Whether an Arabic word (as {@link normalise} writes it) is a noun that introduces a name
 * ("فرع", "مجمع"; name-nouns.yaml), with or without a clitic ("بفرع", "وفرع").
 */
export function introducesName(word: string): boolean {
  return withoutClitics(word).some((form) => NAME_NOUNS.has(form));
}
