import { normalizeArabicDialect, normalizeForChecks, normalizeText } from '@support/text';
import { standardArabic } from './arabic-forms.js';

const ARABIC = /\p{Script=Arabic}/u;

/**
 * The one spelling every comparison of words reads: what a reader sees (`normalizeForChecks`:
 * invisible characters stripped, NFKC), lowercased, Arabic folded (no diacritics, one alef, ة as
 * ه, digits 0-9), and Arabic dialect words read as the standard ones (arabic-forms.yaml, then the
 * dialect table of libs/text). For comparing only; never shown.
 */
export function normalise(text: string): string {
  const folded = normalizeText(normalizeForChecks(text));
  return ARABIC.test(folded)
    ? normalizeText(normalizeArabicDialect(standardArabic(folded)))
    : folded;
}
