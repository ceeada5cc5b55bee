import { withoutClitics } from './arabic-forms.js';
import { normalise } from './normalise.js';
import { wordList } from './word-lists.js';

let nameNouns: ReadonlySet<string> | undefined;

/**
 * Whether an Arabic word (as {@link normalise} writes it) is a noun that introduces a name ("فرع",
 * "مجمع"; the `names.introduced_by` list of lang/ar), with or without a clitic ("بفرع", "وفرع").
 */
export function introducesName(word: string): boolean {
  nameNouns ??= new Set(wordList('names.introduced_by').written.map(normalise));
  return withoutClitics(word).some((form) => nameNouns!.has(form));
}
