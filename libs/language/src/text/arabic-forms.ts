import { normalizeText } from '@support/text';
import { readLanguageData } from './read-data.js';

interface ArabicFormsData {
  readonly clitics: {
    readonly prefixes: readonly string[];
    readonly conjunctions: readonly string[];
    readonly article: string;
  };
  readonly dialect_passive: { readonly prefixes: readonly string[] };
  readonly dialect: { readonly forms: Readonly<Record<string, string>> };
  readonly function_words: { readonly words: readonly string[] };
}

const data = readLanguageData('arabic-forms.yaml') as ArabicFormsData;

/** The clitic prefixes, folded, longest first. */
export const CLITIC_PREFIXES: readonly string[] = data.clitics.prefixes
  .map((prefix) => normalizeText(prefix))
  .sort((a, b) => b.length - a.length);

/** The article ("ال"), folded, as arabic-forms.yaml writes it. */
export const ARABIC_ARTICLE: string = normalizeText(data.clitics.article);

/** The conjunctions glued onto the next word ("و", "ف"), folded. */
export const ARABIC_CONJUNCTION_CLITICS: readonly string[] = data.clitics.conjunctions.map((c) =>
  normalizeText(c),
);

/** Dialect words and phrases (folded) with the standard words they stand for, longest first. */
const DIALECT: readonly (readonly [RegExp, string])[] = Object.entries(data.dialect.forms)
  .map(([form, standard]) => [normalizeText(form), normalizeText(standard)] as const)
  .sort(([a], [b]) => b.length - a.length)
  .map(([form, standard]) => [
    new RegExp(`(?<![\\p{L}\\p{M}])${form.replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{M}])`, 'gu'),
    standard,
  ]);

/** Replaces the dialect forms of arabic-forms.yaml in folded text with their standard words. */
export function standardArabic(folded: string): string {
  let out = folded;
  for (const [form, standard] of DIALECT) out = out.replace(form, standard);
  return out;
}

const MIN_LETTERS = 2;

/**
 * The forms a folded Arabic word may be read as, itself first: then without one clitic prefix of
 * arabic-forms.yaml ("وجده" → "جده", "وبالتوصيل" → "التوصيل") while two letters remain.
 */
export function withoutClitics(word: string): string[] {
  const forms = [word];
  for (const prefix of CLITIC_PREFIXES)
    if (word.startsWith(prefix) && word.length - prefix.length >= MIN_LETTERS)
      forms.push(word.slice(prefix.length));
  return forms;
}

const PASSIVE_PREFIXES = data.dialect_passive.prefixes.map((prefix) => normalizeText(prefix));
// A passive read off leaves at least a verb of three letters after its prefix.
const MIN_VERB_LETTERS = 3;

/**
 * A folded Arabic word read as the standard passive its Gulf form stands for, or undefined when it
 * has no such form (arabic-forms.yaml, dialect_passive, with its examples).
 */
export function standardPassive(word: string): string | undefined {
  const prefix = PASSIVE_PREFIXES.find((p) => word.startsWith(p));
  if (prefix === undefined || word.length - prefix.length < MIN_VERB_LETTERS) return undefined;
  return word.slice(0, prefix.length - 1) + word.slice(prefix.length);
}

const FUNCTION_WORDS = new Set(data.function_words.words.map((word) => normalizeText(word)));

/** Whether a normalised Arabic word only carries grammar ("يتم", "سوف"; arabic-forms.yaml). */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word);
}
