import { normalizeArabic, type ArabicFoldOptions } from './normalize-arabic.js';

/**
 * NFKC (presentation forms, ligatures and full-width letters to their plain letters), then
 * lowercase, then the Arabic folding of {@link normalizeArabic}.
 */
export function normalizeText(text: string, options: ArabicFoldOptions = {}): string {
  return normalizeArabic(text.normalize('NFKC').toLowerCase(), options);
}
