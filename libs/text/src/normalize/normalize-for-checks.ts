import { normalizeArabic } from './normalize-arabic.js';

// Characters that render as nothing, so an attacker can put them inside a word to hide it from a
// check while the reader sees the word whole: format characters (\p{Cf}: zero-width space, joiner
// and non-joiner, BOM, soft hyphen, bidi marks and isolates, tag characters) and the other
// default-ignorable code points (variation selectors, combining grapheme joiner, Hangul fillers).
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The text a safety check reads: what a customer would see, in one spelling. Strips invisible
 * characters, applies NFKC (full-width letters, ligatures, Arabic presentation forms, compatibility
 * digits and spaces to their plain forms), then the Arabic folding of {@link normalizeArabic}
 * (diacritics and tatweel removed, alef / ya / hamza forms folded, Arabic-Indic digits to 0–9)
 * keeping ة, so that Arabic stemming still sees the feminine ending.
 *
 * Case, Latin letters, punctuation and citation markers are kept: checks that compare words
 * lowercase them themselves (`normalizeText`), and chunk ids must stay as written. Idempotent.
 */
export function normalizeForChecks(text: string): string {
  // Stripping before NFKC lets a base letter and a mark that an invisible character kept apart
  // compose; stripping after catches fillers that NFKC maps to another invisible code point.
  const visible = text.replace(INVISIBLE, '').normalize('NFKC').replace(INVISIBLE, '');
  return normalizeArabic(visible, { keepTaMarbuta: true });
}
