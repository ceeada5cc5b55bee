import { parse as parseYaml } from 'yaml';
import { contentTerms } from '../lexical/lexical-scores.js';
import type { TermPair } from '../synonyms/expand-query.js';

/** The knowledge-base folder's glossary file. */
export const GLOSSARY_FILE = 'glossary.yaml';

const MAX_PAIRS = 2000;
const MAX_SPELLINGS = 10;
const MAX_TERM_CHARS = 80;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
const LATIN_OR_DIGIT = /[\p{Script=Latin}\d]/u;

/**
 * A glossary that breaks the rules below, with a message naming the file and the entry. Carries the
 * `validation_failed` code, which `codeOf` keeps (this lib has no AppError).
 */
export class GlossaryError extends Error {
  readonly code = 'validation_failed';

  constructor(message: string) {
    super(message);
    this.name = 'GlossaryError';
  }
}

/**
 * Parses and checks a glossary: YAML with one key, `pairs`, a list of `{ en, ar }` where each side
 * is a term or a list of spellings (at most 10, each 1–80 characters with a content word); the
 * English side has no Arabic letters, the Arabic side has Arabic letters. Anything else is a
 * {@link GlossaryError} naming the file and the entry.
 *
 * ```yaml
 * pairs:
 *   - en: [delivery, shipping]
 *     ar: [توصيل, شحن]
 *   - en: Riyadh
 *     ar: الرياض
 * ```
 */
export function parseGlossaryText(source: string, origin = GLOSSARY_FILE): TermPair[] {
  const fail = (message: string): never => {
    throw new GlossaryError(`${origin}: ${message}`);
  };
  let data: unknown;
  try {
    data = parseYaml(source.replace(/^\uFEFF/, ''));
  } catch (error) {
    return fail(`not valid YAML: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return fail('must be a mapping with a "pairs" list');
  const extra = Object.keys(data).filter((key) => key !== 'pairs');
  if (extra.length > 0) fail(`unknown key "${extra[0]}" (only "pairs")`);
  const pairs = (data as { pairs?: unknown }).pairs;
  if (!Array.isArray(pairs) || pairs.length === 0) return fail('"pairs" must be a non-empty list');
  if (pairs.length > MAX_PAIRS) fail(`at most ${MAX_PAIRS} pairs, got ${pairs.length}`);
  return pairs.map((entry: unknown, index) => {
    const where = `pair ${index + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return fail(`${where} must be a mapping with "en" and "ar"`);
    const keys = Object.keys(entry).filter((key) => key !== 'en' && key !== 'ar');
    if (keys.length > 0) fail(`${where} has an unknown key "${keys[0]}" (only "en" and "ar")`);
    const side = (name: 'en' | 'ar'): string[] => {
      const value = (entry as Record<string, unknown>)[name];
      const spellings = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(spellings) || spellings.length === 0 || spellings.length > MAX_SPELLINGS)
        return fail(`${where} needs "${name}": a term or a list of 1–${MAX_SPELLINGS} terms`);
      return spellings.map((spelling: unknown) => {
        if (typeof spelling !== 'string') return fail(`${where}: "${name}" terms must be text`);
        const term = spelling.trim();
        if (term.length === 0 || term.length > MAX_TERM_CHARS)
          fail(`${where}: "${name}" terms must be 1–${MAX_TERM_CHARS} characters`);
        if (name === 'en' && (ARABIC_LETTER.test(term) || !LATIN_OR_DIGIT.test(term)))
          fail(`${where}: "${term}" is not an English term`);
        if (name === 'ar' && !ARABIC_LETTER.test(term))
          fail(`${where}: "${term}" is not an Arabic term`);
        if (contentTerms(term).size === 0)
          fail(`${where}: "${term}" has no content word (only stop words)`);
        return term;
      });
    };
    return { en: side('en'), ar: side('ar') };
  });
}
