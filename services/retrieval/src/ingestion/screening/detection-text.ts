import { normalizeArabic, normalizeForChecks } from '@support/text';

// Cyrillic and Greek letters that look like Latin ones: "Аssistant" with a Cyrillic А reads as
// "Assistant" to a customer and to a model, so the check reads it that way too.
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɑ: 'a',
  ι: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

/**
 * The form of a sentence the planted-instruction rules read: the shared check normalisation
 * (invisible characters stripped, NFKC, Arabic folded with ة kept), then Latin accents and
 * look-alike letters folded, lowercase, single spaces, and no leading punctuation, quotes or
 * bullets (so "^" in a rule means the first word).
 */
export function detectionText(sentence: string): string {
  return normalizeForChecks(sentence)
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(LOOKALIKE, (c) => LOOKALIKES[c]!)
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .trim();
}

const WORD = '[\\p{L}\\p{N}]';
/** A word boundary that knows Arabic letters (JavaScript's `\b` only knows [A-Za-z0-9_]). */
const BOUNDARY = `(?:(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD}))`;

/**
 * Compiles a rule pattern written in natural spelling: Arabic letters are folded as
 * {@link detectionText} folds the text (ة then also matches the ه many writers use), and `\b` is a
 * Unicode word boundary.
 */
export function rulePattern(source: string, flags = ''): RegExp {
  const folded = normalizeArabic(source, { keepTaMarbuta: true })
    .replaceAll('ة', '[ةه]')
    .replaceAll('\\b', BOUNDARY);
  return new RegExp(folded, `u${flags}`);
}
